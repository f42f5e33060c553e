import type { Metadata } from "next";
import { AdminPageHeader, EmptyState } from "@/components/admin/data-table";
import { ReviewsTable } from "@/components/admin/reviews-table";
import { requirePageActor } from "@/components/auth/session";
import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";
import { listAllReviews } from "@/lib/reviews/service";

export const metadata: Metadata = { title: "Reviews", robots: { index: false } };

export default async function ReviewsPage() {
  const actor = await requirePageActor("/dashboard/reviews");
  if (actor.role !== "admin") return <ForbiddenMessage />;

  const reviews = await listAllReviews(actor);
  const hidden = reviews.filter((review) => review.hidden).length;

  return (
    <>
      <AdminPageHeader title="Reviews">
        {reviews.length === 1 ? "1 review" : `${reviews.length} reviews`}
        {hidden > 0 ? `, ${hidden} hidden` : ""}. Hide a review to take it off the home page; Show puts it back.
      </AdminPageHeader>
      {reviews.length === 0 ? (
        <EmptyState title="No reviews yet.">Reviews that customers write under Add Review appear here.</EmptyState>
      ) : (
        <ReviewsTable reviews={reviews} />
      )}
    </>
  );
}
