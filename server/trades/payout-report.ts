// `npm run ops -- report payouts` (issue 18 part 4): how well the payout promise is kept — payouts per
// shop with a due day, how many were paid by it (on-time rate), the late-payout bonuses paid, and the
// late payouts one by one. Payouts without a due day (devices never received) are counted apart; a payout
// the bank sent back (decision 075) paid nothing and is left out.

import { and, asc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tradePayouts, trades } from '../db/schema/trades';
import { formatCents } from './lifecycle';

export interface PayoutReport {
  readonly from: Date | null;
  readonly to: Date | null;
  readonly shops: readonly {
    readonly locale: string;
    readonly payouts: number;
    readonly withPromise: number;
    readonly onTime: number;
    readonly bonusCents: number;
  }[];
  readonly late: readonly { readonly tradeNumber: string; readonly dueBy: string; readonly paidAt: Date; readonly bonusCents: number }[];
}

export async function payoutReport(db: Database, options: { from: Date | null; to: Date | null; locale?: string }): Promise<PayoutReport> {
  const conditions: SQL[] = [isNull(tradePayouts.returnedAt)];
  if (options.from) conditions.push(gte(tradePayouts.paidAt, options.from));
  if (options.to) conditions.push(lt(tradePayouts.paidAt, options.to));
  if (options.locale) conditions.push(eq(trades.locale, options.locale));
  const rows = await db
    .select({
      locale: trades.locale,
      tradeNumber: trades.tradeNumber,
      dueBy: tradePayouts.dueBy,
      bonusCents: tradePayouts.bonusCents,
      paidAt: tradePayouts.paidAt,
    })
    .from(tradePayouts)
    .innerJoin(trades, eq(trades.id, tradePayouts.tradeId))
    .where(and(...conditions))
    .orderBy(asc(tradePayouts.paidAt));
  const shops = new Map<string, { locale: string; payouts: number; withPromise: number; onTime: number; bonusCents: number }>();
  for (const row of rows) {
    const shop = shops.get(row.locale) ?? { locale: row.locale, payouts: 0, withPromise: 0, onTime: 0, bonusCents: 0 };
    shop.payouts += 1;
    if (row.dueBy !== null) {
      shop.withPromise += 1;
      if (row.bonusCents === 0) shop.onTime += 1;
    }
    shop.bonusCents += row.bonusCents;
    shops.set(row.locale, shop);
  }
  return {
    from: options.from,
    to: options.to,
    shops: [...shops.values()].sort((a, b) => a.locale.localeCompare(b.locale)),
    late: rows.flatMap((r) =>
      r.dueBy !== null && r.bonusCents > 0
        ? [{ tradeNumber: r.tradeNumber, dueBy: r.dueBy, paidAt: r.paidAt, bonusCents: r.bonusCents }]
        : [],
    ),
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`);

export function payoutReportText(report: PayoutReport): string {
  const period = `${report.from ? report.from.toISOString().slice(0, 10) : 'start'} … ${report.to ? report.to.toISOString().slice(0, 10) : 'now'}`;
  const lines = [`Payout promise, payouts ${period}`];
  if (report.shops.length === 0) return [...lines, 'No payouts.'].join('\n');
  const header = ['SHOP', 'PAYOUTS', 'WITH DUE DAY', 'ON TIME', 'ON-TIME RATE', 'BONUSES PAID'];
  const body = report.shops.map((s) => [
    s.locale,
    String(s.payouts),
    String(s.withPromise),
    String(s.onTime),
    percent(s.onTime, s.withPromise),
    formatCents(s.bonusCents),
  ]);
  const total = report.shops.reduce(
    (sum, s) => ({
      payouts: sum.payouts + s.payouts,
      withPromise: sum.withPromise + s.withPromise,
      onTime: sum.onTime + s.onTime,
      bonusCents: sum.bonusCents + s.bonusCents,
    }),
    { payouts: 0, withPromise: 0, onTime: 0, bonusCents: 0 },
  );
  body.push([
    'all',
    String(total.payouts),
    String(total.withPromise),
    String(total.onTime),
    percent(total.onTime, total.withPromise),
    formatCents(total.bonusCents),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push(row(header), ...body.map(row));
  if (report.late.length > 0) {
    lines.push('', 'Late payouts');
    for (const l of report.late)
      lines.push(`${l.tradeNumber}  due by ${l.dueBy}  paid ${l.paidAt.toISOString()}  bonus ${formatCents(l.bonusCents)}`);
  }
  return lines.join('\n');
}
