// The customer's trades, newest first as the server lists them: number, date in the shop's format,
// status, total and each device with its own status; an empty state that leads to selling; and the
// claim of earlier guest trades made with the account's e-mail address.

import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import type { TradeHistoryEntry } from '../../contracts/account';
import { formatDate, formatPrice } from '../../i18n/format';
import { useShop } from '../shop-context';
import { useAccount } from './account-provider';
import { useAccountCache, useTradeHistory } from './account-queries';
import { LoadingNote, QueryProblem } from './account-gate';
import { ITEM_STATUS_LABELS, TRADE_STATUS_LABELS, statusTone } from './trade-status';

export function TradeHistory() {
  const { i18n } = useLingui();
  const history = useTradeHistory();
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
            <TradeCard key={trade.tradeId} trade={trade} />
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

function StatusBadge({ status, label }: { status: Parameters<typeof statusTone>[0]; label: string }) {
  return (
    <span className={`status-badge ${statusTone(status)}`} data-status={status}>
      {label}
    </span>
  );
}

function TradeCard({ trade }: { trade: TradeHistoryEntry }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const headingId = `trade-${trade.tradeId}`;
  const { tradeNumber } = trade;
  const paid = trade.paid ?? 0;
  return (
    <li className="trade-card" data-trade-number={trade.tradeNumber}>
      <div className="trade-card-head">
        <h3 id={headingId}>{i18n._(msg`Trade ${tradeNumber}`)}</h3>
        <StatusBadge status={trade.status} label={i18n._(TRADE_STATUS_LABELS[trade.status])} />
      </div>
      <dl className="trade-facts">
        <dt>{i18n._(msg`Date`)}</dt>
        <dd>
          <time dateTime={trade.createdAt}>{formatDate(shop.locale, trade.createdAt)}</time>
        </dd>
        <dt>{i18n._(msg`Total`)}</dt>
        <dd className="trade-total">{formatPrice(shop.locale, trade.total)}</dd>
        {paid > 0 && paid < trade.total && (
          <>
            <dt>{i18n._(msg`Paid so far`)}</dt>
            <dd className="trade-paid" data-paid={paid}>
              {formatPrice(shop.locale, paid)}
            </dd>
          </>
        )}
        {trade.payoutDueBy && (
          <>
            <dt>{trade.status === 'paid' ? i18n._(msg`Payout due by`) : i18n._(msg`Paid by at the latest`)}</dt>
            <dd data-testid="trade-payout-due">
              <time dateTime={trade.payoutDueBy}>{formatDate(shop.locale, trade.payoutDueBy)}</time>
            </dd>
          </>
        )}
        {trade.lateBonus !== undefined && trade.lateBonus > 0 && (
          <>
            <dt>{i18n._(msg`Late-payout bonus`)}</dt>
            <dd className="trade-late-bonus" data-testid="trade-late-bonus">
              {i18n._(msg`${formatPrice(shop.locale, trade.lateBonus)} added: we paid later than promised`)}
            </dd>
          </>
        )}
      </dl>
      <ul className="trade-items" aria-label={i18n._(msg`Devices in this trade`)}>
        {trade.items.map((item) => (
          <TradeItem key={item.offerId} item={item} tradeNumber={tradeNumber} />
        ))}
      </ul>
      {trade.labelUrl && (
        // The label's current link (a revoked one never appears here), while the parcel is awaited.
        <a className="button secondary trade-label" href={trade.labelUrl} download data-testid="trade-label">
          {i18n._(msg`Download the shipping label for ${tradeNumber} (PDF)`)}
        </a>
      )}
      {trade.returnLabelUrl && (
        // A declined device on its way back: the label the warehouse prints, for the seller's records.
        <a className="button secondary trade-label" href={trade.returnLabelUrl} download data-testid="trade-return-label">
          {i18n._(msg`Download the return label for ${tradeNumber} (PDF)`)}
        </a>
      )}
      {trade.creditNoteUrl && (
        <a className="button secondary trade-credit-note" href={trade.creditNoteUrl} download data-testid="trade-credit-note">
          {i18n._(msg`Download the credit note for ${tradeNumber} (PDF)`)}
        </a>
      )}
    </li>
  );
}

function TradeItem({ item, tradeNumber }: { item: TradeHistoryEntry['items'][number]; tradeNumber: string }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const { deviceName, clarificationId } = item;
  const open = item.status === 'clarification';
  return (
    <li className="trade-item" data-item-status={item.status}>
      <span className="trade-item-name">{deviceName}</span>
      <span className="trade-item-price">{formatPrice(shop.locale, item.price)}</span>
      <StatusBadge status={item.status} label={i18n._(ITEM_STATUS_LABELS[item.status])} />
      {clarificationId && (
        // A full page load: the clarification screen runs its own flow, opened with the session (no link token).
        <a
          className={open ? 'button primary trade-item-clarification' : 'trade-item-clarification'}
          href={shop.path('clarification', { id: clarificationId, trade: tradeNumber })}
          data-clarification-link={clarificationId}
        >
          {open ? i18n._(msg`Answer our question about ${deviceName}`) : i18n._(msg`See our question about ${deviceName}`)}
        </a>
      )}
    </li>
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
