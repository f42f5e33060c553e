"use client";

import { buttonClasses } from "@/components/ui/button";

/** Opens the browser's print dialog; the page's print styles leave only the order (a receipt once paid). */
export function PrintButton({ label = "Print receipt" }: { label?: string }) {
  return (
    <button type="button" onClick={() => window.print()} data-print-hide className={buttonClasses("secondary", "md")}>
      {label}
    </button>
  );
}
