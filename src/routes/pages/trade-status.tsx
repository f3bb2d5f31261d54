// /<trade path>/{trade}?token=…: where a trade stands, from the mails' signed link — a guest has no account
// to look it up in. The route's loader read the trade (in process on the server, so the first HTML shows
// it); a wrong link says so (404), a closed trade's expired link too (410), and a failure offers a retry.
// After a bank return the card offers the payout details to correct, saved with the same link's token;
// the page then reads the trade again.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, useRouter } from '@tanstack/react-router';
import type { Payout } from '../../contracts/trades';
import { useApiClient } from '../../ui/api-context';
import { TradeCard } from '../../ui/account/trade-card';
import { useShop } from '../../ui/shop-context';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';
import '../../ui/account/account.css';

export default function TradeStatusPage() {
  const page = usePageData('tradeStatus');
  const { i18n } = useLingui();
  const shop = useShop();
  const router = useRouter();
  const api = useApiClient();
  const correctPayout = async (payout: Payout) => {
    const token = new URLSearchParams(router.state.location.searchStr).get('token') ?? '';
    const { correctGuestTradePayout } = await import('../../services/trade-status');
    await correctGuestTradePayout(await api(), page.tradeNumber, token, payout);
    await router.invalidate();
  };
  return (
    <ScreenPage screen="tradeStatus">
      {page.status === 'open' && page.trade && (
        <>
          <p className="trade-status-intro">
            {i18n._(msg`Here you see where your trade stands, what we pay and every step so far. We also write to you at every step.`)}
          </p>
          <ul className="trade-list">
            <TradeCard trade={page.trade} headingLevel={2} timeline="open" correctPayout={correctPayout} />
          </ul>
        </>
      )}
      {page.status === 'invalid' && <p role="alert">{i18n._(msg`This trade link is not valid. Please use the link from our e-mail.`)}</p>}
      {page.status === 'expired' && (
        <p role="alert">
          {i18n._(msg`This trade is closed and its link has expired. With a customer account you find all your trades there.`)}{' '}
          <Link to={shop.path('accountOverview')}>{i18n._(msg`To your account`)}</Link>
        </p>
      )}
      {page.status === 'unavailable' && (
        <div role="alert">
          <p>{i18n._(msg`We could not load your trade just now. Please try again in a moment.`)}</p>
          <button type="button" className="button secondary" onClick={() => void router.invalidate()}>
            {i18n._(msg`Try again`)}
          </button>
        </div>
      )}
      {page.status !== 'open' && (
        <p>
          <Link to={shop.path('home')}>{i18n._(msg`To the home page`)}</Link>
        </p>
      )}
    </ScreenPage>
  );
}
