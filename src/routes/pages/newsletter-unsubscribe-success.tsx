// /newsletter/unsubscribe/success: where the unsubscribe lands.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useShop } from '../../ui/shop-context';
import { ScreenPage } from '../screen-page';
import '../../ui/form/form.css';
import '../../ui/newsletter/newsletter.css';

export default function NewsletterUnsubscribeSuccessPage() {
  const { i18n } = useLingui();
  const shop = useShop();
  return (
    <ScreenPage screen="newsletterUnsubscribeSuccess">
      <div className="account-outcome" data-testid="newsletter-unsubscribed">
        <p className="lead">{i18n._(msg`You will not receive our newsletter any more. We have deleted your interests.`)}</p>
        <p>{i18n._(msg`Changed your mind? You can sign up again at any time with the form at the bottom of every page.`)}</p>
        <Link to={shop.path('home')}>{i18n._(msg`To the home page`)}</Link>
      </div>
    </ScreenPage>
  );
}
