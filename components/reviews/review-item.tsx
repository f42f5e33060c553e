import { Img } from "@/components/ui/img";
import { StarRating } from "@/components/ui/star-rating";
import type { ReviewView } from "@/models/reviews";
import { countOf } from "@/models/count";
import { formatDate } from "@/models/dates";

/** One published review (of the shop or of a tool): its author (a heading one level below the list's), day, rating and text. */
export function ReviewItem({ review, headingLevel = 3 }: { review: ReviewView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
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
          <Heading className="truncate font-semibold text-slate-900">{review.authorName}</Heading>
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
  );
}

function formatRating(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** "4.5 out of 5 · 12 reviews" with the stars, or that there are none yet. */
export function ReviewSummary({ averageRating, count }: { averageRating: number | null; count: number }) {
  return averageRating !== null ? (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
      <StarRating rating={averageRating} size={20} />
      <span>
        {formatRating(Math.round(averageRating * 10) / 10)} out of 5 · {countOf(count, "review", "reviews")}
      </span>
    </p>
  ) : (
    <p className="mt-2 text-slate-700">No reviews of this tool yet.</p>
  );
}
