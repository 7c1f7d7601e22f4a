import { StarRating } from '@portal/design-system';

/** The header's rating strip (spec: '4.7 Ratings', '2000+ Reviews'; the Site tab edits the texts). */
export function RatingStrip({ rating, reviews }: { rating: string; reviews: string }) {
  // The stars follow the number the text starts with ("4.7 Ratings"); 4.7 when it has none.
  const stars = Math.min(5, Math.max(0, Number.parseFloat(rating) || 4.7));
  return (
    <div className="shell-rating" data-testid="rating-strip">
      <StarRating rating={stars} label={`Rated ${stars} out of 5`} />
      <span className="shell-rating__text">{rating}</span>
      <span className="shell-rating__divider" aria-hidden="true">
        ·
      </span>
      <span className="shell-rating__text">{reviews}</span>
    </div>
  );
}
