"use client";

import { buttonClasses } from "@/components/ui/button";
import { useApiAction } from "@/components/ui/use-api-action";

/** Takes a review off the public site (Hide) or puts it back (Show). */
export function ReviewVisibilityButton({ reviewId, hidden, author }: { reviewId: string; hidden: boolean; author: string }) {
  const { pending, run } = useApiAction();

  function toggle() {
    void run({
      url: `/api/reviews/${encodeURIComponent(reviewId)}`,
      method: "PATCH",
      body: { hidden: !hidden },
      failureMessage: "The review could not be changed. Please try again.",
      // The author's "hidden" mail waits two minutes (lib/mail's MAIL_HOLD_MS): a mistake put right before then mails nobody.
      successMessage: hidden ? "Review shown on the site" : "Review hidden from the site. Its author is mailed in 2 minutes: Show it before then, and they are not.",
    });
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-disabled={pending || undefined}
      className={buttonClasses(hidden ? "primary" : "secondary", "sm", "whitespace-nowrap aria-disabled:opacity-60")}
    >
      {pending ? "Saving…" : hidden ? "Show" : "Hide"}
      <span className="sr-only"> review by {author}</span>
    </button>
  );
}
