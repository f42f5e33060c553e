"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

const WAIT_FOR_HEADING_MS = 2_000;

/**
 * After an in-app navigation, moves keyboard focus to the new page's main heading, as a full page
 * load would put a screen reader at the top of the new page. The first load is left alone (the
 * browser starts at the top), and so is a navigation to an anchor: the browser focuses nothing and
 * Next scrolls to it. `preventScroll` keeps the scroll position Next set (the top).
 */
export function RouteFocus() {
  const pathname = usePathname();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname || window.location.hash) return;

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
