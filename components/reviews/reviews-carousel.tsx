"use client";

import { useState, useSyncExternalStore, type CSSProperties } from "react";
import { A11y, Keyboard, Navigation, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/a11y";
import "swiper/css/pagination";
import { ReviewCard } from "./review-card";
import type { CarouselReview } from "./types";

// The seed's carousel (§9): up to 3 slides in view, 50 px apart, 300 ms slides.
export const SLIDE_GAP_PX = 50;
const SPEED_MS = 300;
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

// Bullets: 12 px with 6 px either side, 24 px from centre to centre, so each one's 24 px target area
// touches the next and never overlaps it (WCAG 2.5.8), and the home page's twelve fit one row at 390
// px (on a narrower phone a second row keeps 12 px clear: gap-y-3); slate-500 and the brand orange
// both have 3:1+ against white, and the active bullet is also wider, so it does not rely on colour.
const bulletStyle = {
  "--swiper-pagination-bullet-size": "12px",
  "--swiper-pagination-bullet-horizontal-gap": "6px",
  "--swiper-pagination-bullet-inactive-color": "#64748b",
  "--swiper-pagination-bullet-inactive-opacity": "1",
  "--swiper-pagination-color": "#c2410c",
} as CSSProperties;

function Arrow({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path strokeLinecap="round" strokeLinejoin="round" d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
    </svg>
  );
}

const arrowClasses =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-400 bg-white text-slate-900 shadow-sm transition-colors hover:bg-orange-50 hover:text-brand-dark disabled:cursor-not-allowed disabled:opacity-40";

/**
 * The reviews carousel (swiper): 1 card per view on phones, 2 from 640 px, 3 from 1024 px; arrows,
 * clickable bullets and the keyboard's arrow keys; no sliding animation for visitors who ask for
 * reduced motion. Loaded only when the section nears the viewport (reviews-carousel-lazy.tsx), so
 * swiper stays out of the home page's first-load JavaScript.
 */
export function ReviewsCarousel({ reviews }: { reviews: CarouselReview[] }) {
  // The controls live outside the swiper element (below the cards, never over them). Held in state,
  // not refs: swiper initialises in a layout effect that runs before these later siblings' refs are
  // attached, so it gets them on the re-render that follows (swiper/react then sets them up).
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [paginationEl, setPaginationEl] = useState<HTMLDivElement | null>(null);
  const reducedMotion = usePrefersReducedMotion();

  return (
    <div data-testid="reviews-carousel">
      <Swiper
        modules={[Navigation, Pagination, A11y, Keyboard]}
        slidesPerView={1}
        spaceBetween={SLIDE_GAP_PX}
        breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
        // Two reviews on a three-card row sit in the middle instead of leaving an empty slot.
        centerInsufficientSlides
        speed={reducedMotion ? 0 : SPEED_MS}
        // Left/right arrows while the carousel is on screen and focus is not in a text field; Page
        // Up/Down keep scrolling the page.
        keyboard={{ enabled: true, onlyInViewport: true, pageUpDown: false }}
        // null until mounted, never undefined: swiper/react would render its own arrows and bullets.
        navigation={{ prevEl, nextEl, addIcons: false }}
        pagination={{ el: paginationEl, clickable: true, bulletElement: "button" }}
        a11y={{
          prevSlideMessage: "Previous reviews",
          nextSlideMessage: "Next reviews",
          firstSlideMessage: "These are the first reviews",
          lastSlideMessage: "These are the last reviews",
          paginationBulletMessage: "Show review {{index}}",
          containerRole: "region",
          containerRoleDescriptionMessage: "carousel",
          containerMessage: "Customer reviews",
          itemRoleDescriptionMessage: "slide",
          slideLabelMessage: "Review {{index}} of {{slidesLength}}",
        }}
        style={{ paddingBlock: 8, paddingInline: 2 }}
      >
        {reviews.map((review) => (
          <SwiperSlide key={review.id}>
            <ReviewCard review={review} />
          </SwiperSlide>
        ))}
      </Swiper>
      {/* On a phone the bullets take a row of their own under the arrows: between the arrows there
          is room for about ten, and the home page has twelve (they wrapped to two rows 12 px apart,
          whose 24 px targets overlapped). From sm up they sit between the arrows again, on one line:
          swiper's own CSS gives them width: 100%, so they only shrink to fit where nothing wraps. */}
      <div className="mt-6 flex flex-wrap items-center justify-center gap-x-4 gap-y-3 sm:flex-nowrap">
        <button ref={setPrevEl} type="button" aria-label="Previous reviews" className={arrowClasses}>
          <Arrow direction="left" />
        </button>
        <div ref={setPaginationEl} style={bulletStyle} className="order-last flex min-h-6 basis-full flex-wrap items-center justify-center gap-y-3 sm:order-none sm:basis-auto [&_.swiper-pagination-bullet-active]:[--swiper-pagination-bullet-width:28px] [&_.swiper-pagination-bullet-active]:[--swiper-pagination-bullet-border-radius:6px]" />
        <button ref={setNextEl} type="button" aria-label="Next reviews" className={arrowClasses}>
          <Arrow direction="right" />
        </button>
      </div>
    </div>
  );
}
