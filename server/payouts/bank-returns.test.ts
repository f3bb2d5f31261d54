// Bank returns of one transfer (issue 29, decision 075) on PGlite (and PostgreSQL with TEST_DATABASE_URL):
// the returned trade alone goes back to due (its devices freed, its payout marked, a paid trade reopened,
// the seller mailed), the batch and its file stay as they were, the seller's correction is seen by the
// clerk, and what cannot come back is refused.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueStore } from '../catalogue/store';
import type { Database, DatabaseHandle } from '../db/client';
import { tradeItems, tradePayouts, trades, tradeTransitions } from '../db/schema/trades';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { TEST_DEBTOR } from '../test-support/staff';
import { ADDRESS, BEST, createTrade, inspectedTrade } from '../test-support/trades';
import { recordInspection } from '../trades/inspection';
import { transition, type TradeStep, type TradeStepMails } from '../trades/lifecycle';
import { createCertificateLinks, createTradeLinks } from '../trades/links';
import { tradeStepMails } from '../trades/step-mails';
import { mailOutbox } from '../db/schema/mail';
import { MailOutbox, OutboxMailer } from '../mail/outbox';
import { createReviewLinks } from '../reviews/links';
import type { MailMessage } from '../mail/mailer';
import type { Locale } from '../../src/config/locales';
import { correctPayout } from '../trades/payout-correction';
import { tradeViews } from '../trades/trade-view';
import { recordBankReturn } from './bank-returns';
import { BatchError, batchFile, createBatch, duePayouts, executeBatch, type PayoutAudit } from './batches';

describe.each(testDatabases())('bank returns on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;
  const audits: { action: string; tradeNumber?: string | null; subject?: string | null; after?: unknown }[] = [];
  const audit: PayoutAudit = { write: async (_tx, record) => void audits.push(record) };
  const steps: TradeStep[] = [];
  const mails: TradeStepMails = {
    write: async (_tx, step) => {
      steps.push(step);
      return async () => undefined;
    },
  };
  const options = { actor: 'clerk@tradein.test', audit, mails };

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const inspected = () => inspectedTrade(db, store, { receivedAt: '2026-11-23T09:00:00Z', inspectedAt: '2026-11-23T10:00:00Z' });
  const tradeRow = async (id: string) => (await db.select().from(trades).where(eq(trades.id, id)))[0]!;

  /** Two trades batched and executed on 24 November. */
  async function executedBatch() {
    const a = await inspected();
    const b = await inspected();
    const made = await createBatch(
      db,
      { method: 'sepa', instant: false, tradeNumbers: [a.tradeNumber, b.tradeNumber], requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      { actor: 'clerk@tradein.test', audit, now: new Date('2026-11-24T08:00:00Z') },
    );
    await executeBatch(db, made.id, new Date('2026-11-24T12:00:00Z'), options);
    return { a, b, batch: made };
  }

  it('puts the returned trade alone back to due: payout marked, devices unpaid, trade reopened, seller mailed; the batch file is unchanged', async () => {
    const { a, b, batch } = await executedBatch();
    const fileBefore = await batchFile(db, batch.id);
    expect((await tradeRow(a.tradeId)).status).toBe('paid');
    const at = new Date('2026-11-26T09:00:00Z');

    const returned = await recordBankReturn(
      db,
      batch.reference,
      { tradeNumber: a.tradeNumber.toLowerCase(), reason: 'AC04 account closed' },
      at,
      options,
    );

    expect(returned).toMatchObject({ tradeNumber: a.tradeNumber, status: 'inspected', amountCents: Math.round(a.total * 100) });
    const entry = returned.batch.entries.find((e) => e.tradeNumber === a.tradeNumber)!;
    expect(entry).toMatchObject({ state: 'returned', returnReason: 'AC04 account closed', returnedAt: at.toISOString() });
    expect(returned.batch.entries.find((e) => e.tradeNumber === b.tradeNumber)?.state).toBe('executed');
    expect(returned.batch.state).toBe('executed');
    expect(await batchFile(db, batch.id)).toEqual(fileBefore);

    expect((await tradeRow(a.tradeId)).status).toBe('inspected');
    expect((await tradeRow(b.tradeId)).status).toBe('paid');
    const [payout] = await db.select().from(tradePayouts).where(eq(tradePayouts.tradeId, a.tradeId));
    expect(payout!.returnedAt).toEqual(at);
    const items = await db.select({ payoutId: tradeItems.payoutId }).from(tradeItems).where(eq(tradeItems.tradeId, a.tradeId));
    expect(items.every((i) => i.payoutId === null)).toBe(true);
    const moves = await db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, a.tradeId)).orderBy(tradeTransitions.id);
    expect(moves.at(-1)).toMatchObject({ fromStatus: 'paid', toStatus: 'inspected', at });
    expect(moves.at(-1)?.note).toContain('AC04 account closed');
    expect(steps.at(-1)).toMatchObject({ kind: 'payoutReturned', tradeId: a.tradeId, payoutId: payout!.id });
    expect(audits.at(-1)).toMatchObject({ action: 'payouts.bank_return', tradeNumber: a.tradeNumber, subject: batch.reference });

    // Due again, marked as returned and not corrected; the other trade is not due.
    const due = await duePayouts(db, { day: '2026-11-26', method: 'sepa' });
    const again = due.find((p) => p.tradeNumber === a.tradeNumber);
    expect(again).toMatchObject({ devices: 1, bankReturn: { returnedAt: at.toISOString(), corrected: false } });
    expect(due.map((p) => p.tradeNumber)).not.toContain(b.tradeNumber);

    // The seller sees it: nothing paid, the return outstanding, a timeline event after the payout.
    const [view] = await tradeViews(db, { tradeId: a.tradeId });
    expect(view).toMatchObject({ status: 'inspected', paid: 0, payoutReturn: { corrected: false } });
    expect(view!.paidAt).toBeUndefined();
    const kinds = view!.timeline.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'paid' || k === 'payoutReturned')).toEqual(['paid', 'payoutReturned']);
    // Reopening the trade is told by the return alone, not as a second inspection.
    expect(kinds.filter((k) => k === 'inspected')).toHaveLength(1);
    expect(view!.timeline.find((e) => e.kind === 'payoutReturned')).toEqual({
      kind: 'payoutReturned',
      at: at.toISOString(),
      amount: a.total,
      method: 'sepa',
    });
  });

  it('takes the seller’s corrected account into the next batch, which pays the trade again', async () => {
    const { a, batch } = await executedBatch();
    await recordBankReturn(
      db,
      batch.id,
      { tradeNumber: a.tradeNumber, reason: 'AC01 IBAN incorrect' },
      new Date('2026-11-25T09:00:00Z'),
      options,
    );
    const corrected = { method: 'sepa', accountHolder: 'Erika Neu', iban: 'DE02120300000000202051', bic: '' } as const;
    await correctPayout(db, a.tradeId, corrected, new Date('2026-11-25T10:00:00Z'));
    const due = (await duePayouts(db, { day: '2026-11-25', method: 'sepa' })).find((p) => p.tradeNumber === a.tradeNumber);
    expect(due).toMatchObject({ holder: 'Erika Neu', bankReturn: { corrected: true } });
    expect((await tradeViews(db, { tradeId: a.tradeId }))[0]?.payoutReturn?.corrected).toBe(true);

    const next = await createBatch(
      db,
      { method: 'sepa', instant: false, tradeNumbers: [a.tradeNumber], requestedDate: '2026-11-25' },
      TEST_DEBTOR,
      {
        actor: 'clerk@tradein.test',
        audit,
        now: new Date('2026-11-25T11:00:00Z'),
      },
    );
    expect((await batchFile(db, next.id)).body).toContain('DE02120300000000202051');
    // While the new batch is open the account cannot be redirected any more.
    await expect(correctPayout(db, a.tradeId, corrected, new Date('2026-11-25T11:30:00Z'))).rejects.toMatchObject({
      statusCode: 409,
      details: { reason: 'in_batch' },
    });
    await executeBatch(db, next.id, new Date('2026-11-25T12:00:00Z'), options);
    const [view] = await tradeViews(db, { tradeId: a.tradeId });
    expect(view).toMatchObject({ status: 'paid', paid: a.total });
    expect(view!.payoutReturn).toBeUndefined();
    // Paid again: nothing to correct.
    await expect(correctPayout(db, a.tradeId, corrected, new Date('2026-11-25T13:00:00Z'))).rejects.toMatchObject({
      statusCode: 409,
      details: { reason: 'no_bank_return' },
    });
  });

  it('refuses a return of an open batch, of a trade the batch does not pay, and a second return of the same transfer', async () => {
    const { a, batch } = await executedBatch();
    const other = await inspected();
    const open = await createBatch(
      db,
      { method: 'sepa', instant: false, tradeNumbers: [other.tradeNumber], requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      {
        actor: 'clerk@tradein.test',
        audit,
        now: new Date('2026-11-24T08:00:00Z'),
      },
    );
    const at = new Date('2026-11-26T09:00:00Z');
    await expect(recordBankReturn(db, open.id, { tradeNumber: other.tradeNumber, reason: 'x' }, at, options)).rejects.toMatchObject({
      reason: 'batch_state',
    });
    await expect(recordBankReturn(db, batch.id, { tradeNumber: other.tradeNumber, reason: 'x' }, at, options)).rejects.toMatchObject({
      reason: 'entry_not_found',
    });
    await recordBankReturn(db, batch.id, { tradeNumber: a.tradeNumber, reason: 'AC04' }, at, options);
    const again = recordBankReturn(db, batch.id, { tradeNumber: a.tradeNumber, reason: 'AC04' }, at, options);
    await expect(again).rejects.toBeInstanceOf(BatchError);
    await expect(again).rejects.toMatchObject({ reason: 'entry_state' });
    // A trade without a bank return has nothing to correct.
    await expect(correctPayout(db, other.tradeId, { method: 'paypal', email: 'x@example.com' }, at)).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  // The seller's mail in the trade's language, naming the amount and the masked account, asking to check it.
  const SUBJECTS: Record<Locale, string> = {
    default: 'your payout of 310.00 came back — please check your account',
    de: 'Ihre Auszahlung von 310,00 € kam zurück – bitte prüfen Sie Ihr Konto',
    at: 'Ihre Auszahlung von € 310,00 kam zurück – bitte prüfen Sie Ihr Konto',
    es: 'tu pago de 295,00 € ha sido devuelto; revisa tu cuenta',
    fr: 'votre paiement de 301,00 € nous a été retourné — veuillez vérifier votre compte',
    it: 'il tuo pagamento di 295,00 € è stato restituito — controlla il tuo conto',
  };
  it.each(Object.keys(SUBJECTS) as Locale[])('mails the %s seller to check the account, in the trade’s language', async (locale) => {
    const secret = 'a-label-secret-for-the-tests';
    const stepMails = tradeStepMails({
      mailer: new OutboxMailer(new MailOutbox(db)),
      publicOrigin: () => 'https://shop.example',
      trades: createTradeLinks(secret),
      reviews: createReviewLinks(secret),
      certificates: createCertificateLinks(secret),
    });
    // Austrian postal codes have four digits.
    const trade = await createTrade(db, store, [1300], locale === 'at' ? { address: { ...ADDRESS, postalCode: '1010' } } : {}, { locale });
    await transition(db, trade.tradeNumber, 'received', undefined, new Date('2026-11-23T09:00:00Z'));
    await recordInspection(db, store, trade.tradeNumber, [{ offerId: trade.items[0]!.offerId, answers: BEST }], {
      now: new Date('2026-11-23T10:00:00Z'),
    });
    const made = await createBatch(
      db,
      { method: 'sepa', instant: false, tradeNumbers: [trade.tradeNumber], requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      {
        actor: 'clerk@tradein.test',
        audit,
        now: new Date('2026-11-24T08:00:00Z'),
      },
    );
    await executeBatch(db, made.id, new Date('2026-11-24T12:00:00Z'), { ...options, mails: stepMails });
    await recordBankReturn(db, made.id, { tradeNumber: trade.tradeNumber, reason: 'AC04' }, new Date('2026-11-26T09:00:00Z'), {
      ...options,
      mails: stepMails,
    });
    const [row] = await db.select().from(trades).where(eq(trades.id, trade.tradeId));
    const sent = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, row!.guestEmail!)).orderBy(mailOutbox.createdAt);
    const mail = sent.at(-1)!.message as unknown as MailMessage;
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(mail.subject)).toContain(SUBJECTS[locale].replace('310.00', '€310.00'));
    expect(plain(mail.subject)).toContain(trade.tradeNumber);
    expect(mail.text).toContain('DE89');
    expect(mail.text).toContain(createTradeLinks(secret).path(locale, trade.tradeNumber));
  });
});
