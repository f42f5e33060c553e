"use client";

import { useEffect, useRef, type ReactNode } from "react";

type RevealProps = { children: ReactNode; className?: string };

// One observer for every <Reveal>. Its first report for an element says where the element is without
// forcing a synchronous layout (getBoundingClientRect during hydration would).
let observer: IntersectionObserver | null = null;
const seen = new WeakSet<Element>();

function onIntersect(entries: IntersectionObserverEntry[]) {
  // Read once, before any class changes: reading it after one makes the browser lay the page out again,
  // once per section (18 ms of main thread on / at load).
  const viewportHeight = window.innerHeight;
  for (const entry of entries) {
    const element = entry.target;
    if (!seen.has(element)) {
      seen.add(element);
      // Already (even partly) on screen, or above it (page opened at an anchor): leave it alone.
      if (entry.isIntersecting || entry.boundingClientRect.top < viewportHeight) {
        observer?.unobserve(element);
        continue;
      }
      element.classList.add("reveal-pending");
      continue;
    }
    if (entry.isIntersecting) {
      element.classList.add("reveal-in");
      observer?.unobserve(element);
    }
  }
}

/**
 * Fades its content in when it scrolls into view. Content starts visible (no JavaScript, crawlers,
 * Lighthouse): only an element still below the fold when this runs is hidden and then animated in,
 * and nothing moves when the visitor prefers reduced motion.
 */
export function Reveal({ children, className }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    observer ??= new IntersectionObserver(onIntersect, { rootMargin: "0px 0px -8% 0px" });
    observer.observe(element);
    return () => {
      observer?.unobserve(element);
      seen.delete(element);
      element.classList.remove("reveal-pending", "reveal-in");
    };
  }, []);

  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
