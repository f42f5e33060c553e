import Link from "next/link";
import { Img } from "@/components/ui/img";
import { StarRating } from "@/components/ui/star-rating";
import type { ReviewView } from "@/models/reviews";
import { countOf } from "@/models/count";
import { formatDate } from "@/models/dates";

function formatRating(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

type ProductReviewsProps = {
  productId: string;
  reviews: ReviewView[];
  count: number;
  averageRating: number | null;
};

/** A product's reviews on its page: the average, then each review, newest first. */
export function ProductReviews({ productId, reviews, count, averageRating }: ProductReviewsProps) {
  const writeHref = `/dashboard/addReview?product=${encodeURIComponent(productId)}`;
  return (
    <section aria-labelledby="reviews-title" className="mt-14 border-t border-slate-200 pt-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Reviews
          </h2>
          {averageRating !== null ? (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
              <StarRating rating={averageRating} size={20} />
              <span>
                {formatRating(Math.round(averageRating * 10) / 10)} out of 5 · {countOf(count, "review", "reviews")}
              </span>
            </p>
          ) : (
            <p className="mt-2 text-slate-700">No reviews of this tool yet.</p>
          )}
        </div>
        <Link href={writeHref} prefetch={false} className="font-semibold text-brand-dark underline underline-offset-2 hover:text-brand">
          Bought it? Write a review
        </Link>
      </div>
      {reviews.length > 0 ? (
        <ul role="list" className="mt-6 grid gap-4 md:grid-cols-2">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <header className="flex min-w-0 items-center gap-3">
                  <Img
                    src={review.authorImageUrl || "/images/avatar-placeholder.svg"}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    className="size-10 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover"
                  />
                  <div className="min-w-0">
                    <h3 className="truncate font-semibold text-slate-900">{review.authorName}</h3>
                    <p className="text-sm text-slate-600">
                      <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                      {review.verifiedBuyer ? <span className="font-semibold text-green-800"> · Verified buyer</span> : null}
                    </p>
                  </div>
                </header>
                <div className="mt-3">
                  <StarRating rating={review.rating} size={18} />
                </div>
                <p className="mt-3 leading-7 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{review.text}</p>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
