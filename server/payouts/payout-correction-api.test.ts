// The seller corrects the payout account after a bank return, through the whole app on PGlite (and
// PostgreSQL with TEST_DATABASE_URL): on the guest trade page's link (PUT /api/trades/{n}/payout?token=)
// and in the account (PUT /api/customers/trades/{n}/payout). Bad details get field errors and change
// nothing; a wrong link, another customer's trade and a trade without a return are refused.

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeStatusAnswerSchema } from '../../src/contracts/trade-view';
import type { AccountServices } from '../accounts/services';
import type { ApiServices } from '../app';
import { createClarificationLinks } from '../clarifications/links';
import { checkout, insertCustomer, testAccountServices } from '../customers/testing';
import type { DatabaseHandle } from '../db/client';
import { trades } from '../db/schema/trades';
import { createLabelLinks } from '../labels/links';
import type { MailMessage } from '../mail/mailer';
import { createReviewLinks } from '../reviews/links';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { localDate } from '../platform/working-days';
import { TEST_DEBTOR } from '../test-support/staff';
import { BEST } from '../test-support/trades';
import { recordInspection } from '../trades/inspection';
import { transition } from '../trades/lifecycle';
import { createCertificateLinks, createTradeLinks } from '../trades/links';
import { recordBankReturn } from './bank-returns';
import { createBatch, executeBatch, type PayoutAudit } from './batches';

const SECRET = 'a-label-secret-for-the-tests';
const tradeLinks = createTradeLinks(SECRET);
const NEW_ACCOUNT = { method: 'sepa', accountHolder: 'Erika Neu', iban: 'DE02 1203 0000 0000 2020 51', bic: '' };

describe.each(testDatabases())('payout correction on $name', (database) => {
  let handle: DatabaseHandle;
  let api: ApiServices;
  let accounts: AccountServices;
  let app: FastifyInstance;
  const audit: PayoutAudit = { write: async () => undefined };

  beforeAll(async () => {
    handle = await database.open();
    api = await fixtureServices(handle.db);
    accounts = testAccountServices();
    const shipping = {
      labels: createLabelLinks(SECRET),
      clarifications: createClarificationLinks(SECRET),
      reviews: createReviewLinks(SECRET),
      trades: tradeLinks,
      certificates: createCertificateLinks(SECRET),
      mailer: { send: async (_message: MailMessage) => undefined },
      publicOrigin: () => 'https://www.tradein.de',
      devMailbox: false,
    };
    app = await testApp({ ...api, accounts, shipping });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** A trade checked out (as guest or with `headers`), inspected, paid by a batch and returned by the bank. */
  async function returnedTrade(headers?: Record<string, string>) {
    const res = await checkout(
      app,
      headers ? { identity: { kind: 'customer' }, headers } : { identity: { kind: 'guest', email: 'erika@example.com' } },
    );
    expect(res.statusCode).toBe(201);
    const { tradeNumber, items } = res.json() as { tradeNumber: string; items: { offerId: string }[] };
    const db = handle.db;
    await transition(db, tradeNumber, 'received');
    await recordInspection(
      db,
      api.store,
      tradeNumber,
      items.map((i) => ({ offerId: i.offerId, answers: BEST })),
    );
    const batch = await createBatch(
      db,
      { method: 'sepa', instant: false, tradeNumbers: [tradeNumber], requestedDate: localDate(new Date(), 'Europe/Berlin') },
      TEST_DEBTOR,
      {
        actor: 'cli',
        audit,
        now: new Date(),
      },
    );
    await executeBatch(db, batch.id, new Date(), { actor: 'cli', audit });
    return { tradeNumber, batch };
  }
  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url, payload: payload as object, headers: { host: 'de.localhost', ...headers } });
  const payoutOf = async (tradeNumber: string) =>
    (await handle.db.select({ payout: trades.payout }).from(trades).where(eq(trades.tradeNumber, tradeNumber)))[0]!.payout;

  it('lets a guest correct the account with the trade link once the bank sent the payout back', async () => {
    const { tradeNumber, batch } = await returnedTrade();
    const token = tradeLinks.token(tradeNumber);
    const url = `/api/trades/${tradeNumber}/payout?token=${token}`;
    // Nothing came back yet: nothing to correct.
    const early = await put(url, { payout: NEW_ACCOUNT });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ reason: 'no_bank_return' });

    await recordBankReturn(handle.db, batch.id, { tradeNumber, reason: 'AC04' }, new Date(), { actor: 'cli', audit });
    const before = await payoutOf(tradeNumber);
    const wrongLink = await put(`/api/trades/${tradeNumber}/payout?token=${token.slice(0, -2)}xx`, { payout: NEW_ACCOUNT });
    expect(wrongLink.statusCode).toBe(404);
    const badIban = await put(url, { payout: { ...NEW_ACCOUNT, iban: 'DE00 1234' } });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().fields).toEqual([expect.objectContaining({ path: 'payout.iban' })]);
    expect(await payoutOf(tradeNumber)).toEqual(before);

    const saved = await put(url, { payout: NEW_ACCOUNT });
    expect(saved.statusCode).toBe(200);
    const { trade } = TradeStatusAnswerSchema.parse(saved.json());
    expect(trade.payout.account).toMatch(/^DE02 .*2051$/);
    expect(trade.payoutReturn).toMatchObject({ corrected: true });
    expect(await payoutOf(tradeNumber)).toMatchObject({ accountHolder: 'Erika Neu', iban: 'DE02120300000000202051' });
  });

  it('lets a customer correct their own trade in the account, never another customer’s', async () => {
    const customer = await insertCustomer(handle.db, accounts);
    const other = await insertCustomer(handle.db, accounts);
    const { tradeNumber, batch } = await returnedTrade(await customer.auth());
    await recordBankReturn(handle.db, batch.id, { tradeNumber, reason: 'AC04' }, new Date(), { actor: 'cli', audit });
    const url = `/api/customers/trades/${tradeNumber}/payout`;

    expect((await put(url, { payout: NEW_ACCOUNT })).statusCode).toBe(401);
    const foreign = await put(url, { payout: NEW_ACCOUNT }, await other.auth());
    expect(foreign.statusCode).toBe(404);
    const paypal = await put(url, { payout: { method: 'paypal', email: 'erika.paypal@example.com' } }, await customer.auth());
    expect(paypal.statusCode).toBe(200);
    expect(TradeStatusAnswerSchema.parse(paypal.json()).trade).toMatchObject({
      payout: { method: 'paypal', account: 'erika.paypal@example.com' },
      payoutReturn: { corrected: true },
    });
    expect(await payoutOf(tradeNumber)).toEqual({ method: 'paypal', email: 'erika.paypal@example.com' });
  });
});
