import Link from "next/link";
import { ReviewItem, ReviewSummary } from "@/components/reviews/review-item";
import { productReviewsPath, type ReviewView } from "@/models/reviews";
import { countOf } from "@/models/count";

type ProductReviewsProps = {
  productId: string;
  reviews: ReviewView[];
  count: number;
  averageRating: number | null;
};

/** A product's reviews on its page: the average, then the newest few, and a link to all of them when there are more. */
export function ProductReviews({ productId, reviews, count, averageRating }: ProductReviewsProps) {
  const writeHref = `/dashboard/addReview?product=${encodeURIComponent(productId)}`;
  return (
    <section aria-labelledby="reviews-title" className="mt-14 border-t border-slate-200 pt-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Reviews
          </h2>
          <ReviewSummary averageRating={averageRating} count={count} />
        </div>
        <Link href={writeHref} prefetch={false} className="font-semibold text-brand-dark underline underline-offset-2 hover:text-brand">
          Bought it? Write a review
        </Link>
      </div>
      {reviews.length > 0 ? (
        <ul role="list" className="mt-6 grid gap-4 md:grid-cols-2">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      ) : null}
      {count > reviews.length ? (
        <p className="mt-6">
          <Link href={productReviewsPath(productId)} className="font-semibold text-brand-dark underline underline-offset-2 hover:text-brand">
            See all {countOf(count, "review", "reviews")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
