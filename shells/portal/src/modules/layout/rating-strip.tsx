import { RATING_TEXT } from '@portal/contracts';
import { StarRating } from '@portal/design-system';

/** The header's rating strip (spec: '4.7 Ratings', '2000+ Reviews'). */
export function RatingStrip() {
  return (
    <div className="shell-rating" data-testid="rating-strip">
      <StarRating rating={4.7} label="Rated 4.7 out of 5" />
      <span className="shell-rating__text">{RATING_TEXT.rating}</span>
      <span className="shell-rating__divider" aria-hidden="true">
        ·
      </span>
      <span className="shell-rating__text">{RATING_TEXT.reviews}</span>
    </div>
  );
}
