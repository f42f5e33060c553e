"use client";

import { buttonClasses } from "@/components/ui/button";
import { useApiAction } from "@/components/ui/use-api-action";
import { formatCount } from "@/models/count";

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
          // Another admin may have pressed it first, or the last try may still be sending (left alone).
          successMessage: (body) => {
            const retried = typeof body === "object" && body !== null && "retried" in body && typeof body.retried === "number" ? body.retried : 0;
            return retried === 0
              ? "Nothing was queued again: no mail is waiting for it now (another admin may have done it, or a last try is still sending)"
              : `Queued again: the mail worker tries ${retried === 1 ? "it" : `these ${formatCount(retried)}`} within a minute`;
          },
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
