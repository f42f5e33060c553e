"use client";

import { buttonClasses } from "@/components/ui/button";

/** Opens the browser's print dialog; the page's print styles leave only the receipt. */
export function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()} data-print-hide className={buttonClasses("secondary", "md")}>
      Print receipt
    </button>
  );
}
