"use client";

import dynamic from "next/dynamic";
import { useState } from "react";

// Toasts only ever follow a user action, so the toaster and react-hot-toast stay out of the
// first-load bundle and arrive right after hydration.
const ToasterView = dynamic(() => import("./toaster-view"), { ssr: false });

/**
 * Top-right toasts, below the header. The two live regions are in the server's HTML, empty: screen
 * readers announce what is added to a region they already know, and often skip one that arrives
 * filled (as FormStatus does for forms). Errors go to the assertive one, everything else waits its turn.
 */
export function Toaster() {
  const [polite, setPolite] = useState<HTMLDivElement | null>(null);
  const [assertive, setAssertive] = useState<HTMLDivElement | null>(null);
  return (
    // Below the sticky 4 rem header, and under it in the stacking order (the header is z-40): the
    // account menu, the search suggestions and the phone's menu open over a toast, not under it.
    // Dialogs are in the browser's top layer, above both. data-rht-toaster: print CSS hides toasts.
    <div data-rht-toaster="" className="pointer-events-none fixed inset-x-4 top-[4.75rem] bottom-4 z-30">
      {/* No role="status": the page's own status message stays the one that role names. */}
      <div ref={setPolite} aria-live="polite" />
      {/* Not atomic: a second error reads only itself, not the one still showing. */}
      <div ref={setAssertive} role="alert" aria-atomic="false" />
      {polite && assertive ? <ToasterView polite={polite} assertive={assertive} /> : null}
    </div>
  );
}
