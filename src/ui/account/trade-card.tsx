// One trade as its seller sees it, in the account's list and on the guest trade page: number, status,
// the money (what is or will be paid — never an unanswered counter-offer — or what was paid and when),
// each device with its own status and price and, once its wipe was confirmed, its data-erasure
// certificate, the label downloads, and the timeline of its steps. After a bank return, the payout
// details to correct (./payout-correction.tsx), saved the way the page hands in.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { TradeView } from '../../contracts/trade-view';
import { formatDate, formatPrice } from '../../i18n/format';
import { useShop } from '../shop-context';
import { PayoutCorrection, type SavePayoutCorrection } from './payout-correction';
import { TradeTimeline } from './trade-timeline';
import { ITEM_STATUS_LABELS, TRADE_STATUS_LABELS, statusTone } from './trade-status';
import '../form/form.css';
import './account.css';

function StatusBadge({ status, label }: { status: Parameters<typeof statusTone>[0]; label: string }) {
  return (
    <span className={`status-badge ${statusTone(status)}`} data-status={status}>
      {label}
    </span>
  );
}

/**
 * `headingLevel`: 3 in the account's list (under "Your trades"), 2 on the trade page (under its title).
 * `timeline`: folded in the account's list, shown on the trade page. `correctPayout`: how the page saves
 * corrected payout details after a bank return (without it the card only tells of the return).
 */
export function TradeCard({
  trade,
  headingLevel,
  timeline = 'folded',
  correctPayout,
}: {
  trade: TradeView;
  headingLevel: 2 | 3;
  timeline?: 'folded' | 'open';
  correctPayout?: SavePayoutCorrection | undefined;
}) {
  const { i18n } = useLingui();
  const shop = useShop();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { tradeNumber } = trade;
  const paid = trade.paid ?? 0;
  const awaitingAnswer = trade.items.some((item) => item.price === null);
  const money = (amount: number) => formatPrice(shop.locale, amount);
  return (
    <li className="trade-card" data-trade-number={tradeNumber}>
      <div className="trade-card-head">
        <Heading>{i18n._(msg`Trade ${tradeNumber}`)}</Heading>
        <StatusBadge status={trade.status} label={i18n._(TRADE_STATUS_LABELS[trade.status])} />
      </div>
      <dl className="trade-facts">
        <dt>{i18n._(msg`Date`)}</dt>
        <dd>
          <time dateTime={trade.createdAt}>{formatDate(shop.locale, trade.createdAt)}</time>
        </dd>
        {trade.paidAt ? (
          <>
            <dt>{i18n._(msg`Paid`)}</dt>
            <dd className="trade-total" data-testid="trade-paid-total">
              {i18n._(msg`${money(paid)} on ${formatDate(shop.locale, trade.paidAt)}`)}
            </dd>
          </>
        ) : (
          <>
            <dt>{awaitingAnswer ? i18n._(msg`Payout without the devices awaiting your answer`) : i18n._(msg`Payout`)}</dt>
            <dd className="trade-total" data-testid="trade-total">
              {money(trade.total)}
            </dd>
          </>
        )}
        {paid > 0 && !trade.paidAt && (
          <>
            <dt>{i18n._(msg`Paid so far`)}</dt>
            <dd className="trade-paid" data-paid={paid}>
              {money(paid)}
            </dd>
          </>
        )}
        {trade.payoutDueBy && !trade.paidAt && (
          <>
            <dt>{i18n._(msg`Paid by at the latest`)}</dt>
            <dd data-testid="trade-payout-due">
              <time dateTime={trade.payoutDueBy}>{formatDate(shop.locale, trade.payoutDueBy)}</time>
            </dd>
          </>
        )}
        {trade.lateBonus !== undefined && trade.lateBonus > 0 && (
          <>
            <dt>{i18n._(msg`Late-payout bonus`)}</dt>
            <dd className="trade-late-bonus" data-testid="trade-late-bonus">
              {i18n._(msg`${money(trade.lateBonus)} added: we paid later than promised`)}
            </dd>
          </>
        )}
        <dt>{i18n._(msg`Paid to`)}</dt>
        <dd className="trade-payout-account">
          {trade.payout.method === 'paypal' ? i18n._(msg`PayPal ${trade.payout.account}`) : trade.payout.account}
        </dd>
      </dl>
      {trade.payoutReturn && correctPayout && (
        <PayoutCorrection trade={trade} save={correctPayout} headingLevel={headingLevel === 2 ? 3 : 4} />
      )}
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
      {timeline === 'open' ? (
        <TradeTimeline events={trade.timeline} />
      ) : (
        <details className="trade-timeline-fold">
          <summary>{i18n._(msg`Every step of ${tradeNumber}`)}</summary>
          <TradeTimeline events={trade.timeline} />
        </details>
      )}
    </li>
  );
}

function TradeItem({ item, tradeNumber }: { item: TradeView['items'][number]; tradeNumber: string }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const { deviceName, clarificationId } = item;
  const open = item.status === 'clarification';
  const money = (amount: number) => formatPrice(shop.locale, amount);
  const quantity = item.quantity ?? 1;
  // Amounts are whole cents per unit times the units, so the division is exact.
  const unitPrice = money(Math.round(((item.price ? item.price : item.offered) * 100) / quantity) / 100);
  return (
    <li className="trade-item" data-item-status={item.status}>
      <span className="trade-item-name">
        {deviceName}
        {quantity > 1 && (
          // A business line of several units: how many, at what unit price (the amount beside is for all of them).
          <span className="trade-item-units" data-testid="trade-item-units">
            {i18n._(msg`${quantity} × ${unitPrice} per unit`)}
          </span>
        )}
      </span>
      <span className="trade-item-price">
        {item.price === null ? (
          i18n._(msg`Counter-offer ${money(item.counterOffer ?? 0)}`)
        ) : item.price > item.offered ? (
          <>
            <del aria-label={i18n._(msg`Offer ${money(item.offered)}`)}>{money(item.offered)}</del> {money(item.price)}
          </>
        ) : (
          money(item.price)
        )}
      </span>
      <StatusBadge status={item.status} label={i18n._(ITEM_STATUS_LABELS[item.status])} />
      {clarificationId && (
        // A full page load: the clarification screen runs its own flow, opened with the session or, on the guest
        // trade page, with the link's token.
        <a
          className={open ? 'button primary trade-item-clarification' : 'trade-item-clarification'}
          href={item.clarificationPath ?? shop.path('clarification', { id: clarificationId, trade: tradeNumber })}
          data-clarification-link={clarificationId}
        >
          {open ? i18n._(msg`Answer our question about ${deviceName}`) : i18n._(msg`See our question about ${deviceName}`)}
        </a>
      )}
      {item.certificatePath && (
        // A PDF the browser shows (its link's token opens it: no session needed). The name says which
        // device, as the visible text is the same for each.
        <a
          className="trade-item-certificate"
          href={item.certificatePath}
          aria-label={i18n._(msg`Data-erasure certificate (PDF): ${deviceName}`)}
          data-testid="trade-item-certificate"
        >
          {i18n._(msg`Data-erasure certificate (PDF)`)}
        </a>
      )}
    </li>
  );
}
