import { ConfirmActionButton } from "@/components/ui/confirm-action-button";

type DeleteReviewButtonProps = {
  reviewId: string;
  /** The tool reviewed; null for a review of the shop. */
  productName: string | null;
  /** What the dialog says happens, after "Your review of …" (where it leaves, whether a new one can follow). */
  consequence: string;
  /** Runs after the deletion, before the page is refreshed (a form clears what it showed). */
  onSuccess?: () => void;
};

/**
 * The author's Delete review, behind the shop's confirmation (ADR 052, ADR 064): on Add Review's form,
 * and beside a review that can no longer be edited. Focus goes to the page's main region afterwards,
 * as the button goes with the review.
 */
export function DeleteReviewButton({ reviewId, productName, consequence, onSuccess }: DeleteReviewButtonProps) {
  const subject = productName ?? "the shop";
  return (
    <ConfirmActionButton
      url={`/api/reviews/${encodeURIComponent(reviewId)}`}
      method="DELETE"
      label="Delete review"
      pendingLabel="Deleting…"
      srLabel={` of ${subject}`}
      successMessage="Review deleted"
      failureMessage="We couldn't delete your review. Try again."
      className="text-red-700 hover:bg-red-50"
      confirmTitle="Delete your review?"
      confirmMessage={`Your review of ${subject} ${consequence}`}
      confirmLabel="Delete review"
      cancelLabel="Keep review"
      declinedMessage="Review kept"
      focusAfter="main"
      onSuccess={onSuccess}
    />
  );
}
