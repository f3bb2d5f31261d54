// The support lookup (issue 29 item 6, decision 076): one search box for a trade number, an e-mail
// address or a device's IMEI/serial number (as the inspector read it: trade_inspections, and the
// erasure certificates). It answers the trades found, the customer accounts of their sellers (or of
// the address), the contact messages and the mails sent to those addresses, so support sees a
// seller's whole story from any one of them. Reading only; nothing is audited.

import { desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { identifierProblem } from '../../src/contracts/staff';
import type { LookupAnswer } from '../../src/contracts/support';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema/contact';
import { customers } from '../db/schema/customers';
import { mailOutbox } from '../db/schema/mail';
import { erasureCertificates, tradeInspections, trades } from '../db/schema/trades';
import { scannedTradeNumber } from './staff-trades';

/** Rows of each kind at most. */
const LIMIT = 50;

type Kind = LookupAnswer['kind'];

/** What the text is read as, or null when it is none of them. */
export function lookupKind(q: string): { kind: Kind; value: string } | null {
  const text = q.trim();
  if (text.includes('@')) return /^[^\s@]+@[^\s@]+$/.test(text) ? { kind: 'email', value: text.toLowerCase() } : null;
  const tradeNumber = /^T[RB]/i.test(text) ? scannedTradeNumber(text) : null;
  if (tradeNumber) return { kind: 'tradeNumber', value: tradeNumber };
  if (identifierProblem(text) === null) return { kind: 'identifier', value: text.replace(/[\s-]/g, '').toUpperCase() };
  return null;
}

/** The lookup of `q`; null when `q` is neither a trade number, an e-mail address nor an IMEI/serial number. */
export async function lookup(db: Database, q: string): Promise<LookupAnswer | null> {
  const read = lookupKind(q);
  if (!read) return null;
  const { kind, value } = read;

  let tradeWhere: SQL;
  if (kind === 'tradeNumber') tradeWhere = eq(trades.tradeNumber, value);
  else if (kind === 'email') tradeWhere = or(sql`lower(${trades.guestEmail}) = ${value}`, eq(customers.email, value))!;
  else {
    const inspected = db.select({ id: tradeInspections.tradeId }).from(tradeInspections).where(eq(tradeInspections.identifier, value));
    const certified = db
      .select({ id: erasureCertificates.tradeId })
      .from(erasureCertificates)
      .where(eq(erasureCertificates.identifier, value));
    tradeWhere = or(inArray(trades.id, inspected), inArray(trades.id, certified))!;
  }
  const tradeRows = await db
    .select({
      tradeNumber: trades.tradeNumber,
      status: trades.status,
      locale: trades.locale,
      address: trades.address,
      guestEmail: trades.guestEmail,
      customerId: trades.customerId,
      customerEmail: customers.email,
      createdAt: trades.createdAt,
      totalCents: trades.totalCents,
    })
    .from(trades)
    .leftJoin(customers, eq(customers.id, trades.customerId))
    .where(tradeWhere)
    .orderBy(desc(trades.createdAt), desc(trades.transactionId))
    .limit(LIMIT);

  // The addresses and accounts the answer is about: the typed address, and every seller found.
  const emails = new Set<string>(kind === 'email' ? [value] : []);
  for (const t of tradeRows) {
    const email = t.guestEmail ?? t.customerEmail;
    if (email) emails.add(email.toLowerCase());
  }
  const customerIds = tradeRows.map((t) => t.customerId).filter((id): id is string => id !== null);
  const customerWhere: SQL[] = [];
  if (emails.size > 0) customerWhere.push(inArray(customers.email, [...emails]));
  if (customerIds.length > 0) customerWhere.push(inArray(customers.id, customerIds));
  const customerRows =
    customerWhere.length === 0
      ? []
      : await db
          .select()
          .from(customers)
          .where(or(...customerWhere))
          .limit(LIMIT);
  for (const c of customerRows) emails.add(c.email.toLowerCase());

  const addresses = [...emails];
  const mails =
    addresses.length === 0
      ? []
      : await db
          .select({
            id: mailOutbox.id,
            recipient: mailOutbox.recipient,
            subject: mailOutbox.subject,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
            sentAt: mailOutbox.sentAt,
            kept: sql<boolean>`${mailOutbox.message} is not null`,
          })
          .from(mailOutbox)
          .where(inArray(sql`lower(${mailOutbox.recipient})`, addresses))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(LIMIT);
  const messages =
    addresses.length === 0
      ? []
      : await db
          .select({
            reference: contactMessages.reference,
            subject: contactMessages.subject,
            state: contactMessages.state,
            createdAt: contactMessages.createdAt,
          })
          .from(contactMessages)
          .where(inArray(sql`lower(${contactMessages.email})`, addresses))
          .orderBy(desc(contactMessages.createdAt))
          .limit(LIMIT);

  return {
    kind,
    trades: tradeRows.map((t) => ({
      tradeNumber: t.tradeNumber,
      status: t.status,
      locale: t.locale,
      sellerName: `${t.address.firstName} ${t.address.lastName}`.trim(),
      sellerEmail: t.guestEmail ?? t.customerEmail,
      createdAt: t.createdAt.toISOString(),
      totalCents: t.totalCents,
    })),
    customers: customerRows.map((c) => ({
      id: c.id,
      customerNumber: c.customerNumber,
      name: `${c.firstName} ${c.lastName}`.trim(),
      email: c.email,
      locale: c.locale,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
      deleted: c.dataDeletedAt !== null,
    })),
    messages: messages.map((m) => ({
      reference: m.reference,
      subject: m.subject as LookupAnswer['messages'][number]['subject'],
      state: m.state,
      createdAt: m.createdAt.toISOString(),
    })),
    mails: mails.map((m) => ({
      id: m.id,
      recipient: m.recipient,
      subject: m.subject,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      resendable: m.status === 'sent' && Boolean(m.kept),
    })),
  };
}
