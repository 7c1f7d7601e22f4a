import { useId } from 'react';

export interface StarRatingProps {
  /** 0–5; fractions fill part of a star. */
  rating: number;
  /** Accessible name; defaults to "Rated N out of 5". */
  label?: string;
}

const STAR_PATH = 'M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z';

export function StarRating({ rating, label }: StarRatingProps) {
  const clipPrefix = useId();
  const value = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  const name = label ?? `Rated ${Math.round(value * 10) / 10} out of 5`;
  return (
    <span className="ds-star-rating" role="img" aria-label={name}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.min(1, Math.max(0, value - index));
        const clipId = `${clipPrefix}-star-${index}`;
        return (
          <svg
            key={index}
            className="ds-icon"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            data-fill={fill}
          >
            <clipPath id={clipId}>
              <rect x="0" y="0" width={24 * fill} height="24" />
            </clipPath>
            <path d={STAR_PATH} className="ds-star-rating__empty" fill="currentColor" />
            <path d={STAR_PATH} fill="currentColor" clipPath={`url(#${clipId})`} />
          </svg>
        );
      })}
    </span>
  );
}
