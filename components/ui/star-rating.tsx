type StarRatingProps = {
  /** 0 to 5, half steps (or any fraction) allowed. */
  rating: number;
  /** Star size in CSS pixels; the seed uses 24 on reviews. */
  size?: number;
  className?: string;
};

// One star in a 24-unit box, every step relative so that the same steps draw it anywhere.
const STAR_STEPS = "l2.9 6.06 6.6.8-4.86 4.57 1.24 6.53-5.88-3.19-5.88 3.19 1.24-6.53-4.86-4.57 6.6-.8z";
const starAt = (x: number) => `M${x} 2.5${STAR_STEPS}`;
/** One star in a 24-unit box (the rating input draws its stars one by one). */
export const STAR_PATH = starAt(12);
const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => starAt(12 + 24 * i)).join("");
const FIVE_STARS_ID = "tf-five-stars";

/**
 * The five stars' outline, once per page (the root layout renders it): each rating refers to it with
 * <use>. Lists show up to 50 ratings; five inline <svg>s each cost about 5 KB of HTML and RSC payload
 * per row, a reference about 0.5 KB.
 */
export function StarSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
      <symbol id={FIVE_STARS_ID} viewBox="0 0 120 24">
        <path d={FIVE_STARS} />
      </symbol>
    </svg>
  );
}

// Outlines keep the stars' shapes at 3:1 or more against white (WCAG 1.4.11), which the fills alone
// (gold #d97706, grey slate-200) do not reach.
function Stars({ size, className, outline }: { size: number; className: string; outline: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 120 24" width={size * 5} height={size} className={`shrink-0 ${className}`}>
      <use href={`#${FIVE_STARS_ID}`} fill="currentColor" stroke={outline} strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}

function formatRating(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, "");
}

/** A read-only gold rating: a grey row of stars with a gold row clipped to the score on top. */
export function StarRating({ rating, size = 24, className = "" }: StarRatingProps) {
  const clamped = Math.min(5, Math.max(0, rating));
  return (
    <span
      role="img"
      aria-label={`Rated ${formatRating(clamped)} out of 5`}
      className={`relative inline-flex ${className}`}
      style={{ width: size * 5, height: size }}
    >
      <Stars size={size} className="text-slate-200" outline="#64748b" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${(clamped / 5) * 100}%` }}>
        <Stars size={size} className="text-star" outline="#b45309" />
      </span>
    </span>
  );
}
