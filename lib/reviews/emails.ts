import "server-only";
import type { Mail } from "@/lib/mail";

/**
 * An admin hid a review, or showed it again: its author hears of it, as a customer hears of any change
 * the shop makes to what they wrote. `productName` null: the review is of the shop.
 */
export function reviewVisibilityNotice(
  to: { email: string; name: string },
  review: { hidden: boolean; productName: string | null; productId: string | null },
  appUrl: string,
): Mail {
  const about = review.productName ? `of ${review.productName}` : "of ToolForge";
  const page = `${appUrl}/dashboard/addReview${review.productId ? `?product=${encodeURIComponent(review.productId)}` : ""}`;
  return {
    to: to.email,
    // Names the review: the hidden notice waits, and is withdrawn by its subject and address (setReviewHidden).
    subject: `Your ToolForge review ${about} ${review.hidden ? "was hidden" : "is shown again"}`,
    text: [
      `Hello ${to.name},`,
      "",
      ...(review.hidden
        ? [
            `The shop hid your review ${about}: it is no longer shown to other customers. You can still read, edit or delete it at ${page}`,
            `If you think this is a mistake, write to us through the form on ${appUrl}/#contact.`,
          ]
        : [`The shop shows your review ${about} to other customers again. You can read, edit or delete it at ${page}`]),
      "",
      "— ToolForge",
      "",
    ].join("\n"),
  };
}
