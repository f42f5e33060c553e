"use client";

import { useEffect, useRef, useState, type ComponentType } from "react";
import { ReviewCard } from "./review-card";
import type { CarouselReview } from "./types";

type ReviewsProps = { reviews: CarouselReview[] };

// Start fetching swiper a little before the section scrolls into view, so it is ready when seen.
const PRELOAD_MARGIN = "200px 0px";

/**
 * The reviews as a plain, server-rendered horizontal list (readable by crawlers and without
 * JavaScript, scrollable sideways), upgraded to the swiper carousel only when the section nears the
 * viewport. swiper and its CSS are fetched then, never in the home page's first-load JavaScript.
 * The list reserves the carousel's size (same card widths and gaps, room for the controls), so the
 * swap does not move the page.
 */
export function ReviewsCarouselLazy({ reviews }: ReviewsProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [Carousel, setCarousel] = useState<ComponentType<ReviewsProps> | null>(null);
  const hasReviews = reviews.length > 0;

  useEffect(() => {
    const element = containerRef.current;
    if (!element || !hasReviews) return;
    let cancelled = false;
    const load = () =>
      import("./reviews-carousel")
        .then((module) => {
          if (!cancelled) setCarousel(() => module.ReviewsCarousel);
        })
        // Progressive enhancement: if the chunk cannot be fetched, the static list stays, and works.
        .catch(() => undefined);
    if (typeof IntersectionObserver === "undefined") {
      void load();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [hasReviews]);

  if (!hasReviews) return null;

  return (
    <div ref={containerRef}>
      {Carousel ? (
        <Carousel reviews={reviews} />
      ) : (
        <div data-testid="reviews-static-list">
          <ul
            role="list"
            aria-label="Customer reviews"
            // Focusable so keyboard users can scroll it sideways without the carousel's controls.
            tabIndex={0}
            className="flex snap-x snap-mandatory gap-[50px] overflow-x-auto rounded-sm px-0.5 py-2"
          >
            {reviews.map((review) => (
              <li key={review.id} className="w-full shrink-0 snap-start sm:w-[calc((100%-50px)/2)] lg:w-[calc((100%-100px)/3)]">
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          {/* The height of the carousel's arrows and bullets row. */}
          <div aria-hidden="true" className="mt-6 h-11" />
        </div>
      )}
    </div>
  );
}
