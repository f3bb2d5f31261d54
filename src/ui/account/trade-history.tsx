// The customer's trades, newest first as the server lists them, each as its card (./trade-card.tsx: money,
// devices, labels and the timeline); an empty state that leads to selling; and the claim of earlier guest
// trades made with the account's e-mail address.

import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import type { Payout } from '../../contracts/trades';
import { useShop } from '../shop-context';
import { useAccount } from './account-provider';
import { useAccountCache, useTradeHistory } from './account-queries';
import { LoadingNote, QueryProblem } from './account-gate';
import { TradeCard } from './trade-card';
import './account.css';

export function TradeHistory() {
  const { i18n } = useLingui();
  const history = useTradeHistory();
  const account = useAccount();
  const cache = useAccountCache();
  // After a bank return: the corrected account is saved, then the history read again.
  const correctPayout = (tradeNumber: string) => async (payout: Payout) => {
    await account.customerApi.correctTradePayout(tradeNumber, payout);
    await cache.refreshTradeHistory();
  };
  return (
    <section className="account-section trade-history" aria-labelledby="trade-history-heading">
      <h2 id="trade-history-heading">{i18n._(msg`Your trades`)}</h2>
      {history.isPending ? (
        <LoadingNote>
          <Trans>Loading your trades…</Trans>
        </LoadingNote>
      ) : history.isError ? (
        <QueryProblem query={history} text={msg`We could not load your trades.`} />
      ) : history.data.length === 0 ? (
        <EmptyHistory />
      ) : (
        <ol className="trade-list">
          {history.data.map((trade) => (
            <TradeCard key={trade.tradeId} trade={trade} headingLevel={3} correctPayout={correctPayout(trade.tradeNumber)} />
          ))}
        </ol>
      )}
      <ClaimGuestTrades />
    </section>
  );
}

function EmptyHistory() {
  const shop = useShop();
  return (
    <div className="trade-history-empty">
      <p>
        <Trans>You have not sold any devices with this account yet.</Trans>
      </p>
      <Link to={shop.path('home')} className="button primary">
        <Trans>Sell a device</Trans>
      </Link>
    </div>
  );
}

/** POST /api/customers/guest_account_number: earlier guest trades with the account's e-mail join the history. */
function ClaimGuestTrades() {
  const { i18n } = useLingui();
  const account = useAccount();
  const cache = useAccountCache();
  const claim = useMutation({
    mutationFn: () => account.customerApi.claimGuestTrades(),
    onSuccess: (result) => {
      if (result.claimedTrades > 0) void cache.refreshTradeHistory();
    },
  });
  const claimed = claim.data?.claimedTrades;
  return (
    <div className="claim-guest-trades">
      <p className="field-hint">
        <Trans>Did you sell with us as a guest before? Trades made with your e-mail address can be added to your account.</Trans>
      </p>
      <button
        type="button"
        className="button secondary"
        disabled={claim.isPending}
        aria-busy={claim.isPending || undefined}
        onClick={() => claim.mutate()}
      >
        {claim.isPending ? i18n._(msg`Looking for earlier trades…`) : i18n._(msg`Add earlier guest trades`)}
      </button>
      <div role="status" className="claim-result">
        {claimed !== undefined &&
          (claimed > 0
            ? i18n._(
                msg`${plural(claimed, { one: '# earlier trade was added to your account.', other: '# earlier trades were added to your account.' })}`,
              )
            : i18n._(msg`We found no earlier guest trades with your e-mail address.`))}
        {claim.isError && <span className="field-error">{i18n._(msg`We could not add your earlier trades. Please try again.`)}</span>}
      </div>
    </div>
  );
}
