"use client";

import { useEffect, useRef, useState } from "react";
import { HeaderSearch } from "./header-search";

/** On phones and tablets the header's search sits behind a button and opens as a row under the bar. */
export function MobileSearch() {
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) panelRef.current?.querySelector("input")?.focus();
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-search"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-200 hover:bg-slate-800 hover:text-white"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 3.4 9.8l3.1 3.2a.8.8 0 1 0 1.1-1.1l-3.1-3.2A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z"
            clipRule="evenodd"
          />
        </svg>
        <span className="sr-only">Find a tool</span>
      </button>
      <div
        id="mobile-search"
        ref={panelRef}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key !== "Escape" || event.defaultPrevented) return;
          // The panel hides with the field that had focus: focus goes back to the button that opened it.
          setOpen(false);
          toggleRef.current?.focus();
        }}
        className="absolute inset-x-0 top-16 border-b border-slate-800 bg-ink px-4 py-3 shadow-md"
      >
        <HeaderSearch onNavigate={() => setOpen(false)} />
      </div>
    </div>
  );
}
