"use client";

import { useEffect, useRef, useState } from "react";
import { Img } from "@/components/ui/img";
import { StarRating } from "@/components/ui/star-rating";

/** What a card needs to show one review (a ReviewView, or a preview of one being written). */
export type ReviewCardData = {
  authorName: string;
  authorImageUrl: string | null;
  /** 1 to 5 in half steps; 0 while a preview has no rating yet. */
  rating: number;
  text: string;
  verifiedBuyer: boolean;
};

function formatRating(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * The review text scrolls inside the fixed-height card. A scrolling box must be reachable by
 * keyboard (WCAG 2.1.1), so it joins the tab order only when the text really overflows: most
 * reviews are short and should not add a tab stop each.
 */
function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-700/30">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
          clipRule="evenodd"
        />
      </svg>
      Verified buyer
    </span>
  );
}

/**
 * One review: avatar, name, gold stars (half stars included) and the text. The text is always
 * rendered as a React text node, so markup typed into a review is shown, never run.
 */
export function ReviewCard({ review, className = "" }: { review: ReviewCardData; className?: string }) {
  const { ref, overflows } = useOverflows<HTMLQuoteElement>();
  return (
    <figure
      data-testid="review-card"
      className={`flex h-[320px] flex-col rounded-xl border border-slate-200 bg-white p-6 text-left shadow-sm ${className}`}
    >
      <figcaption className="flex min-w-0 items-center gap-3">
        <Img
          src={review.authorImageUrl || "/images/avatar-placeholder.svg"}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="size-12 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{review.authorName}</p>
          {review.verifiedBuyer ? <VerifiedBadge /> : null}
        </div>
      </figcaption>
      <div className="mt-4 flex items-center gap-2">
        <StarRating rating={review.rating} size={24} />
        {review.rating > 0 ? (
          <span aria-hidden="true" className="text-sm font-semibold text-slate-700">
            {formatRating(review.rating)}
          </span>
        ) : null}
      </div>
      <blockquote
        ref={ref}
        tabIndex={overflows ? 0 : undefined}
        className="mt-4 min-h-0 flex-1 overflow-y-auto rounded-sm pr-1 leading-7 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere] [scrollbar-color:#94a3b8_transparent] [scrollbar-width:thin]"
      >
        {review.text}
      </blockquote>
    </figure>
  );
}
