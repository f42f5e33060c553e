type StarRatingProps = {
  /** 0 to 5, half steps (or any fraction) allowed. */
  rating: number;
  /** Star size in CSS pixels; the seed uses 24 on reviews. */
  size?: number;
  className?: string;
};

const STAR_PATH =
  "M12 2.5l2.9 6.06 6.6.8-4.86 4.57 1.24 6.53L12 17.27l-5.88 3.19 1.24-6.53L2.5 9.36l6.6-.8z";

// Outlines keep the stars' shapes at 3:1 or more against white (WCAG 1.4.11), which the fills alone
// (gold #d97706, grey slate-200) do not reach.
function Stars({ size, className, outline }: { size: number; className: string; outline: string }) {
  return (
    <span className={`flex ${className}`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 24 24" width={size} height={size} className="shrink-0">
          <path d={STAR_PATH} fill="currentColor" stroke={outline} strokeWidth="1.2" strokeLinejoin="round" />
        </svg>
      ))}
    </span>
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
