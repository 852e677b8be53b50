// A product's stars (issue 28), drawn with the ★ character so no icon code reaches the landing page's scripts.

/** 'Rated 4.5 out of 5': what a screen reader says for a row of stars. */
export const ratedLabel = (rating: number) => `Rated ${formatRating(rating)} out of 5`;

/** 4 → '4', 4.46 → '4.5': one decimal, none when it is whole. */
export const formatRating = (rating: number) => String(Math.round(rating * 10) / 10);

/**
 * Five stars filled to the rating (a half star is half filled), as one image for screen readers ('Rated 4.5 out
 * of 5'). `size` in the text's size: 'sm' under a review, 'lg' in the summary.
 */
export function Stars({ rating, size = 'sm', className = '' }: { rating: number; size?: 'sm' | 'lg'; className?: string }) {
  const filled = Math.max(0, Math.min(5, rating)) * 20;
  return (
    <span
      role="img"
      aria-label={ratedLabel(rating)}
      className={`relative inline-block shrink-0 leading-none tracking-[0.12em] ${size === 'lg' ? 'text-2xl' : 'text-base'} ${className}`}
    >
      <span aria-hidden="true" className="text-[#ddd0bd]">
        ★★★★★
      </span>
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 overflow-hidden whitespace-nowrap text-[#c08a1e]"
        style={{ width: `${filled}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}

/** A product card's stars: '4.5 ★ (12)', read as 'Rated 4.5 out of 5, 12 reviews'. */
export function RatingBadge({ average, count }: { average: number; count: number }) {
  return (
    <p className="flex items-center gap-1 text-xs text-muted">
      <span aria-hidden="true" className="inline-flex items-center gap-0.5 rounded bg-[#1d7a46] px-1.5 py-px font-semibold text-white">
        {formatRating(average)} <span className="text-[0.7rem]">★</span>
      </span>
      <span aria-hidden="true">({count.toLocaleString('en-IN')})</span>
      <span className="sr-only">{`${ratedLabel(average)}, ${count === 1 ? '1 review' : `${count.toLocaleString('en-IN')} reviews`}`}</span>
    </p>
  );
}
