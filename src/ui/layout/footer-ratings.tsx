// The German footer's rating seal and review slider (product §1), from the shop's own stored reviews:
// the verified (paid trades only), approved average and count, or "no reviews yet" while there are none.
// The root route loads the summary with the page (server-rendered, so nothing shifts on hydration).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMatches } from '@tanstack/react-router';
import { RatingSeal, RatingSlider } from './rating-slider';

export function FooterRatings() {
  const { i18n } = useLingui();
  const summary = useMatches({ select: (matches) => (matches[0]?.loaderData?.kind === 'root' ? matches[0].loaderData.reviews : null) });
  // Not readable (the API failed): no claim either way.
  if (!summary) return null;
  return (
    <div className="ratings">
      {summary.count > 0 && summary.average !== null ? (
        <>
          <RatingSeal average={summary.average} count={summary.count} />
          <RatingSlider reviews={summary.latest} />
        </>
      ) : (
        <p className="no-reviews">{i18n._(msg`No reviews yet: after their payout, our sellers can rate their trade here.`)}</p>
      )}
    </div>
  );
}
