import Link from "next/link";
import { Reveal } from "@/components/reveal";
import { ReviewsCarouselLazy } from "@/components/reviews/reviews-carousel-lazy";
import type { CarouselReview } from "@/components/reviews/types";
import { textLinkClass } from "@/components/ui/button";
import { formatCount } from "@/models/count";
import { SHOP_REVIEWS_PATH } from "@/models/reviews";

/** The home page's carousel of the newest reviews of the shop, and the way to all `total` of them. */
export function Reviews({ reviews, total }: { reviews: CarouselReview[]; total: number }) {
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
          <div className="mt-10">
            <ReviewsCarouselLazy reviews={reviews} />
            <p className="mt-8 text-center">
              <Link href={SHOP_REVIEWS_PATH} className={textLinkClass}>
                {total === 1 ? "Read the review" : `Read all ${formatCount(total)} reviews`}
              </Link>
            </p>
          </div>
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
