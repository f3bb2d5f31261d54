// The German footer's rating seal and review slider (spec §1), with the reviews they show.

import ratingsDe from '../../../data/ratings/de.json';
import { RatingSeal, RatingSlider } from './rating-slider';

export function FooterRatings() {
  const reviews = ratingsDe.reviews;
  const average = reviews.reduce((sum, r) => sum + r.stars, 0) / reviews.length;
  return (
    <div className="ratings">
      <RatingSeal average={average} count={reviews.length} profileUrl={ratingsDe.profileUrl} />
      <RatingSlider reviews={reviews} />
    </div>
  );
}
