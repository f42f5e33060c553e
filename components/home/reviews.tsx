import Link from "next/link";
import { Reveal } from "@/components/reveal";
import { Img } from "@/components/ui/img";
import { StarRating } from "@/components/ui/star-rating";

/** What the home page needs to show one review. */
export type ReviewCardData = {
  id: string;
  authorName: string;
  authorImageUrl: string | null;
  /** 1 to 5 in half steps. */
  rating: number;
  text: string;
  verifiedBuyer: boolean;
};

function ReviewCard({ review }: { review: ReviewCardData }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <StarRating rating={review.rating} size={24} />
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p className="line-clamp-6 leading-7">{review.text}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <Img
          src={review.authorImageUrl || "/images/avatar-placeholder.svg"}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="size-12 rounded-full bg-slate-100 object-cover"
        />
        <div>
          <p className="font-semibold text-slate-900">{review.authorName}</p>
          {review.verifiedBuyer && <p className="text-sm font-medium text-green-700">Verified buyer</p>}
        </div>
      </figcaption>
    </figure>
  );
}

export function Reviews({ reviews }: { reviews: ReviewCardData[] }) {
  return (
    <section id="reviews" data-section="reviews" aria-labelledby="reviews-title" className="bg-stone-50">
      <Reveal className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="text-center">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-brand">Reviews</p>
          <h2 id="reviews-title" className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            What our customers say
          </h2>
        </div>
        {reviews.length > 0 ? (
          <ul role="list" className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mx-auto mt-10 max-w-xl rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="mx-auto size-10 text-star"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            >
              <path d="M4 5h16v11H9l-5 4z" />
            </svg>
            <p className="mt-4 text-lg text-slate-700">
              No reviews yet — be the first to share how our tools work for you.
            </p>
            <Link
              href="/dashboard/addReview"
              prefetch={false}
              className="mt-4 inline-block rounded-sm font-semibold text-brand underline underline-offset-4 hover:text-brand-dark"
            >
              Write a review
            </Link>
          </div>
        )}
      </Reveal>
    </section>
  );
}
