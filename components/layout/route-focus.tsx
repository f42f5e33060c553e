"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

const WAIT_FOR_HEADING_MS = 2_000;
const WAIT_FOR_SECTION_MS = 5_000;

/**
 * A first load of an address with a section's fragment (/#contact, from the footer of another page or
 * from a mail), when the browser could not scroll to it: the section came in a part of the streamed
 * page that React puts in place after the document has been parsed, and sits until then in a hidden
 * holder, where it can be found but not shown. In production the server puts such parts in place when
 * they come with the page (ADR 056) and the browser scrolls by itself (this then finds the page
 * scrolled and does nothing); a part that came late, and every part in development, still needs this.
 * The page is scrolled to the section once it is laid out, and again if a part put in place above it
 * moves it, for WAIT_FOR_SECTION_MS at most and never once the visitor has scrolled. Returns the clean-up.
 */
function revealLinkedSection(): () => void {
  let id: string;
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return () => undefined; // a fragment that is not valid %-encoding names no section
  }
  if (!id || window.scrollY !== 0) return () => undefined;
  let ours = 0; // where this code last left the page: anything else is the visitor's doing
  const reveal = (): boolean => {
    if (window.scrollY !== ours) return true;
    const section = document.getElementById(id);
    if (!section || section.getClientRects().length === 0) return false;
    if (Math.abs(section.getBoundingClientRect().top) > 1) section.scrollIntoView();
    ours = window.scrollY;
    return false; // parts above may still be put in place and move it
  };
  if (reveal()) return () => undefined;
  const observer = new MutationObserver(() => reveal() && stop());
  const timer = window.setTimeout(() => stop(), WAIT_FOR_SECTION_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
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
    if (before === null) return revealLinkedSection();
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
