"use client";

import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type Ref } from "react";
import { STAR_PATH } from "@/components/ui/star-rating";

export const MIN_RATING = 1;
export const MAX_RATING = 5;
const STEP = 0.5;

// Colours chosen for WCAG 1.4.11 (3:1 for graphics that carry state), measured against white:
// the outline #b45309 is 5.0:1 and the fill #d97706 is 3.2:1. The lighter brand star #f59e0b is
// only 2.2:1, so it would not show which stars are chosen to everyone.
const OUTLINE = "#b45309";
const FILL = "#d97706";

function clamp(value: number): number {
  return Math.min(MAX_RATING, Math.max(MIN_RATING, value));
}

export function formatStars(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** What a screen reader says for a value, e.g. "4.5 out of 5 stars". */
export function ratingText(value: number | undefined): string {
  if (value === undefined) return "No rating chosen";
  return `${formatStars(value)} out of ${MAX_RATING} stars`;
}

/**
 * The rating under the pointer: the left half of a star is the half step below it, the right half
 * the whole star (never below 1, the lowest rating the shop accepts).
 */
function valueAt(clientX: number, row: HTMLElement): number {
  const rect = row.getBoundingClientRect();
  const starWidth = rect.width / MAX_RATING;
  const x = Math.min(Math.max(clientX - rect.left, 0), rect.width - 0.01);
  const index = Math.floor(x / starWidth);
  const inLeftHalf = x - index * starWidth < starWidth / 2;
  return clamp(index + (inLeftHalf ? STEP : 1));
}

/** The keyboard model of the WAI-ARIA slider pattern, in half stars; null for keys it leaves alone. */
function valueForKey(key: string, current: number | undefined): number | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      return current === undefined ? MIN_RATING : clamp(current + STEP);
    case "ArrowLeft":
    case "ArrowDown":
      return current === undefined ? MIN_RATING : clamp(current - STEP);
    case "PageUp":
      return current === undefined ? MIN_RATING : clamp(current + 1);
    case "PageDown":
      return current === undefined ? MIN_RATING : clamp(current - 1);
    case "Home":
      return MIN_RATING;
    case "End":
      return MAX_RATING;
    default:
      return /^[1-5]$/.test(key) ? Number(key) : null;
  }
}

function Star({ fill, size }: { fill: 0 | 0.5 | 1; size: number }) {
  return (
    <span className="relative block shrink-0" style={{ width: size, height: size }}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size} className="absolute inset-0">
        <path d={STAR_PATH} fill="#ffffff" stroke={OUTLINE} strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      {fill > 0 ? (
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: fill === 1 ? size : size / 2 }}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size}>
            <path d={STAR_PATH} fill={FILL} stroke={OUTLINE} strokeWidth="1.5" strokeLinejoin="round" />
          </svg>
        </span>
      ) : null}
    </span>
  );
}

type RatingInputProps = {
  id: string;
  /** 1 to 5 in half steps, or undefined while nothing is chosen. */
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  /** The id of the visible label ("Rating"). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Star size in CSS pixels: each star is also a pointer target, so keep it at 24 or more. */
  size?: number;
  ref?: Ref<HTMLDivElement>;
};

/**
 * A five-star rating in half steps, built on the WAI-ARIA slider pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/slider/): arrows move half a star, Page Up/Down a whole
 * star, Home/End go to 1/5, digits 1–5 pick whole stars. A click or tap on the left half of a star
 * picks the half step, on the right half the whole star; a mouse previews the value on hover.
 */
export function RatingInput({ id, value, onChange, onBlur, labelledBy, describedBy, invalid, disabled, size = 32, ref }: RatingInputProps) {
  const rowRef = useRef<HTMLSpanElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = valueForKey(event.key, value);
    if (next === null) return;
    event.preventDefault();
    if (next !== value) onChange(next);
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (disabled || !rowRef.current) return;
    onChange(valueAt(event.clientX, rowRef.current));
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (disabled || event.pointerType !== "mouse" || !rowRef.current) return;
    setHover(valueAt(event.clientX, rowRef.current));
  }

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div
        ref={ref}
        id={id}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-valuemin={MIN_RATING}
        aria-valuemax={MAX_RATING}
        aria-valuenow={value}
        aria-valuetext={ratingText(value)}
        aria-invalid={invalid ? true : undefined}
        aria-disabled={disabled ? true : undefined}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        onClick={onClick}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHover(null)}
        onBlur={onBlur}
        data-testid="rating-input"
        className={`inline-flex cursor-pointer touch-manipulation rounded-md p-1 select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand ${
          invalid ? "ring-2 ring-red-700" : ""
        } ${disabled ? "cursor-not-allowed opacity-60" : ""}`}
      >
        <span ref={rowRef} className="flex">
          {[1, 2, 3, 4, 5].map((star) => (
            <Star key={star} size={size} fill={shown >= star ? 1 : shown >= star - STEP ? 0.5 : 0} />
          ))}
        </span>
      </div>
      {/* The slider announces its own value; this repeats it for sighted users. */}
      <span aria-hidden="true" className={`text-sm font-semibold ${value === undefined && hover === null ? "text-slate-600" : "text-slate-900"}`}>
        {hover !== null ? ratingText(hover) : ratingText(value)}
      </span>
    </div>
  );
}
