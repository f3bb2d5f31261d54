// /<review path>/{trade}?token=…: the review form of a paid trade, from the review request mail. The
// route's loader checked the link: an invalid, expired or already used one says so instead.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { ReviewForm } from '../../ui/reviews/review-form';
import { useShop } from '../../ui/shop-context';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';

export default function ReviewPage() {
  const link = usePageData('reviewLink');
  const { i18n } = useLingui();
  const shop = useShop();
  const home = (
    <p>
      <Link to={shop.path('home')}>{i18n._(msg`To the home page`)}</Link>
    </p>
  );
  return (
    <ScreenPage screen="review">
      {link.status === 'open' && <ReviewForm tradeId={link.tradeId} token={link.token} firstName={link.firstName} />}
      {link.status === 'reviewed' && (
        <>
          <p role="status">{i18n._(msg`You have reviewed this trade already. Thank you!`)}</p>
          {home}
        </>
      )}
      {link.status === 'expired' && (
        <>
          <p role="alert">{i18n._(msg`This review link has expired.`)}</p>
          {home}
        </>
      )}
      {link.status === 'invalid' && (
        <>
          <p role="alert">{i18n._(msg`This review link is not valid. Please use the link from our e-mail.`)}</p>
          {home}
        </>
      )}
      {link.status === 'unavailable' && (
        <p role="alert">{i18n._(msg`We cannot open the review form right now. Please try again in a few minutes.`)}</p>
      )}
    </ScreenPage>
  );
}
