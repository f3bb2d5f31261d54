// The operator's view of one trade (`trades show`): items offered and found, clarifications, evidence
// photos, payouts and transitions as plain text.

import type { TradeStatus } from '../../src/contracts/trades';
import { formatCents, type TradeDetails } from '../trades/lifecycle';
import { table, when } from './command';

export function formatTrade(details: TradeDetails): string {
  const { trade, items, clarifications, transitions } = details;
  const lines = [
    `Trade ${trade.tradeNumber}   status: ${trade.status}`,
    `  id ${trade.tradeId} · transaction ${trade.transactionId} · shop ${trade.locale}${trade.b2b ? ' · business' : ''} · created ${when(trade.createdAt)}`,
    `  seller ${trade.guestEmail ?? '(customer account)'} · payout ${trade.payout.method === 'sepa' ? 'SEPA' : 'PayPal'} ${trade.payout.masked}`,
    `  offered ${formatCents(trade.totalCents)}` +
      (trade.voucher
        ? ` (items ${formatCents(trade.subtotalCents)} + voucher ${trade.voucher.code} ${formatCents(trade.voucher.cents)})`
        : '') +
      payoutSummary(trade.status, trade.payoutCents, trade.paidCents),
    '',
    'Items',
    table(
      ['#', 'OFFER', 'DEVICE', '>OFFERED', 'OFFERED AS', 'FOUND', '>AGREED', 'PAID'],
      items.map((item) => {
        const differs = item.inspection?.foundCodes.filter((code) => !item.offeredCodes.includes(code)) ?? [];
        return [
          String(item.position + 1),
          item.offerId,
          item.deviceName,
          formatCents(item.priceCents),
          `${item.kind === 'recycling' ? 'recycling ' : ''}${item.offeredCodes.join(' ')}`,
          !item.inspection ? 'not inspected' : differs.length ? differs.join(' ') : 'as offered',
          !item.inspection ? '' : item.inspection.agreedPriceCents === null ? '—' : formatCents(item.inspection.agreedPriceCents),
          item.payoutId ? 'paid' : '',
        ];
      }),
    ),
  ];
  if (clarifications.length > 0) {
    const position = new Map(items.map((i) => [i.offerId, i.position + 1]));
    lines.push(
      '',
      'Clarifications',
      table(
        ['ID', 'ITEM', 'KIND', '>NEW OFFER', 'VALID UNTIL', 'STATUS', 'LINK'],
        clarifications.map((c) => [
          c.id,
          String(position.get(c.itemOfferId) ?? '?'),
          c.kind,
          formatCents(c.newPriceCents),
          when(c.validUntil),
          c.status,
          c.linkPath,
        ]),
      ),
      ...clarifications.map((c) => `  ${c.id.slice(0, 8)}: ${c.reason}`),
    );
  }
  const photos = items.flatMap((item) => item.photos.map((photo) => ({ ...photo, position: item.position })));
  if (photos.length > 0) {
    lines.push(
      '',
      'Evidence photos (the seller sees them with the clarification)',
      table(
        ['ITEM', 'PHOTO', 'TYPE', '>SIZE'],
        photos.map((p) => [String(p.position + 1), p.id, p.contentType, `${Math.max(1, Math.round(p.size / 1024))} KB`]),
      ),
    );
  }
  if (details.payouts.length > 0) {
    lines.push(
      '',
      'Payouts',
      table(
        ['AT', '>AMOUNT', 'DEVICES', 'VOUCHER', 'DUE BY', 'LATE BONUS'],
        details.payouts.map((p) => [
          when(p.paidAt),
          formatCents(p.amountCents),
          String(p.items),
          p.voucherCents ? formatCents(p.voucherCents) : '',
          p.dueBy ?? '',
          p.bonusCents ? formatCents(p.bonusCents) : '',
        ]),
      ),
    );
  }
  lines.push(
    '',
    'Transitions',
    table(
      ['AT', 'FROM', 'TO', 'NOTE'],
      transitions.map((t) => [when(t.at), t.from ?? '—', t.to, t.note ?? '']),
    ),
  );
  return lines.join('\n');
}

function payoutSummary(status: TradeStatus, cents: number, paid: number): string {
  const sofar = paid > 0 ? `, paid so far ${formatCents(paid)}` : '';
  switch (status) {
    case 'inspected':
    case 'accepted':
      return ` · to pay ${formatCents(cents - paid)}${sofar}`;
    case 'paid':
      return ` · paid ${formatCents(paid > 0 ? paid : cents)}`;
    case 'clarification':
      return ` · agreed so far ${formatCents(cents)}${sofar}, open clarifications pending`;
    case 'declined':
    case 'returned':
      return ` · agreed ${formatCents(cents)}${sofar}; declined devices are not paid`;
    default:
      return '';
  }
}
