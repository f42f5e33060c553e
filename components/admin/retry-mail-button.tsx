"use client";

import { buttonClasses } from "@/components/ui/button";
import { useApiAction } from "@/components/ui/use-api-action";

/** Queues the mail the worker gave up on again; the worker sends it on its next round (the Mail page). */
export function RetryMailButton() {
  const { pending, run } = useApiAction();
  return (
    <button
      type="button"
      aria-disabled={pending || undefined}
      onClick={() =>
        void run({
          url: "/api/admin/mail/retry",
          method: "POST",
          failureMessage: "The mail could not be queued again. Please try again.",
          successMessage: "Queued again: the mail worker tries them within a minute",
          // The section with this button goes once nothing is left to retry: the page's main region takes the focus.
          onSuccess: () => document.getElementById("main")?.focus(),
        })
      }
      className={buttonClasses("primary", "md", "aria-disabled:opacity-60")}
    >
      {pending ? "Queuing…" : "Try them again"}
    </button>
  );
}
