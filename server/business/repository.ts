// What the credit note needs of a stored business trade: the trade, its company, its items and the
// seller's e-mail. Undefined for an unknown trade or one that is not a business trade.

import { asc, eq } from 'drizzle-orm';
import { isLocale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { customers } from '../db/schema/customers';
import { tradeCompanies, tradeItems, trades } from '../db/schema/trades';
import { maskPayout } from '../trades/service';
import type { CreditNoteData } from './credit-note';

export async function findCreditNoteData(db: Database, tradeId: string): Promise<CreditNoteData | undefined> {
  const [row] = await db
    .select({ trade: trades, company: tradeCompanies, customerEmail: customers.email })
    .from(trades)
    .innerJoin(tradeCompanies, eq(tradeCompanies.tradeId, trades.id))
    .leftJoin(customers, eq(customers.id, trades.customerId))
    .where(eq(trades.id, tradeId));
  if (!row || !row.trade.b2b) return undefined;
  const { trade, company } = row;
  const items = await db
    .select({ item: tradeItems, name: devices.name })
    .from(tradeItems)
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .where(eq(tradeItems.tradeId, tradeId))
    .orderBy(asc(tradeItems.position));
  return {
    tradeNumber: trade.tradeNumber,
    locale: isLocale(trade.locale) ? trade.locale : 'default',
    createdAt: trade.createdAt,
    company: { name: company.name, legalForm: company.legalForm, vatId: company.vatId },
    contact: trade.address,
    email: trade.guestEmail ?? row.customerEmail ?? null,
    items: items.map(({ item, name }) => ({ name, unitPrice: item.priceCents / 100, quantity: item.quantity, kind: item.kind })),
    voucher: trade.voucherCode ? { code: trade.voucherCode, value: trade.voucherCents / 100 } : null,
    total: trade.totalCents / 100,
    payout: maskPayout(trade.payout),
  };
}
