"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

const WAIT_FOR_HEADING_MS = 2_000;

/**
 * A first load of an address with a section's fragment (/#contact, from the footer of another page or
 * from a mail): the browser did not scroll to it, because the section arrives in a part of the
 * streamed page that React puts in place after the document has been parsed. Scrolled here once the
 * page is hydrated, unless the visitor has scrolled meanwhile.
 */
function revealLinkedSection(): void {
  let id: string;
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return; // a fragment that is not valid %-encoding names no section
  }
  if (!id || window.scrollY !== 0) return;
  document.getElementById(id)?.scrollIntoView();
}

/**
 * After an in-app navigation, moves keyboard focus to the new page's main heading, as a full page
 * load would put a screen reader at the top of the new page. A navigation to an anchor is left alone:
 * the browser focuses nothing and Next scrolls to it. `preventScroll` keeps the scroll position Next
 * set (the top). The first load only scrolls to a linked section (revealLinkedSection).
 */
export function RouteFocus() {
  const pathname = usePathname();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null) {
      revealLinkedSection();
      return;
    }
    if (before === pathname || window.location.hash) return;

    const focusHeading = (): boolean => {
      const heading = document.querySelector<HTMLElement>("main h1");
      if (!heading) return false;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.dataset.routeFocus = "";
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    // A page that streams its heading in a moment later.
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    const main = document.getElementById("main");
    if (main) observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return null;
}
