// The trade life cycle on PGlite and (with TEST_DATABASE_URL) PostgreSQL: every allowed move recorded
// with its time, refused moves with a clear error and nothing written, two concurrent moves of one
// trade, listing and showing; and the operator commands on an embedded database, as the CLI runs them.

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeStatusSchema, type TradeStatus } from '../../src/contracts/trades';
import type { CatalogueStore } from '../catalogue/store';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { trades, tradeTransitions } from '../db/schema/trades';
import { fixtureServices } from '../test-support/app';
import { ADDRESS, createTrade } from '../test-support/trades';
import { testDatabases } from '../test-support/databases';
import { embeddedOpsEnv, opsCli, opsHere } from '../test-support/ops';
import { importVouchers } from '../vouchers/seed';
import { recordInspection } from './inspection';
import { canTransition, listTrades, payTrade, showTrade, TradeNotFoundError, transition, TransitionError, TRANSITIONS } from './lifecycle';
import { payoutBreakdowns } from './payouts';
import { tradeViews } from './trade-view';

describe('the allowed transitions', () => {
  it('follow product §11 and end in paid, returned or cancelled', () => {
    expect(TRANSITIONS).toEqual({
      created: ['received', 'cancelled'],
      received: ['inspected'],
      inspected: ['paid', 'clarification'],
      clarification: ['accepted', 'declined'],
      accepted: ['paid'],
      declined: ['returned'],
      returned: [],
      paid: [],
      cancelled: [],
    });
    const allowed = TradeStatusSchema.options.flatMap((from) =>
      TradeStatusSchema.options.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toHaveLength(9);
  });
});

describe.each(testDatabases())('trade life cycle on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
    await importVouchers(db, [
      { code: 'BONUS10', locale: null, kind: 'fixed', value: 1000, minTotalCents: 0, validUntil: null, singleUsePerCustomer: false },
    ]);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const history = async (tradeId: string) =>
    (await db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, tradeId)).orderBy(tradeTransitions.id)).map((t) => [
      t.fromStatus,
      t.toStatus,
    ]);
  const status = async (tradeId: string) =>
    (await db.select({ status: trades.status }).from(trades).where(eq(trades.id, tradeId)))[0]!.status;

  it.each<[string, TradeStatus[]]>([
    ['paid without clarification', ['received', 'inspected', 'paid']],
    ['cancelled before shipping', ['cancelled']],
    ['paid after an accepted clarification', ['received', 'inspected', 'clarification', 'accepted', 'paid']],
    ['returned after a declined clarification', ['received', 'inspected', 'clarification', 'declined', 'returned']],
  ])('moves a trade %s, recording each move with its time and note', async (_name, path) => {
    const trade = await createTrade(db, store);
    let from: TradeStatus = 'created';
    for (const [i, to] of path.entries()) {
      const at = new Date(Date.UTC(2026, 0, 10, 9, i));
      const moved = await transition(db, trade.tradeNumber, to, `step ${i}`, at);
      expect(moved).toMatchObject({ tradeId: trade.tradeId, tradeNumber: trade.tradeNumber, from, to, at });
      from = to;
    }
    expect(await status(trade.tradeId)).toBe(path.at(-1));
    const rows = await db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, trade.tradeId)).orderBy(tradeTransitions.id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus])).toEqual([
      [null, 'created'],
      ...path.map((to, i) => [i === 0 ? 'created' : path[i - 1], to]),
    ]);
    expect(rows.slice(1).map((r) => r.at.toISOString())).toEqual(path.map((_, i) => new Date(Date.UTC(2026, 0, 10, 9, i)).toISOString()));
    expect(rows.at(-1)!.note).toContain(`step ${path.length - 1}`);
  });

  it('records the payout with the payment: the offered prices plus the voucher, for uninspected items', async () => {
    const trade = await createTrade(db, store, [1300, 2100], { voucherCode: 'BONUS10' });
    await transition(db, trade.tradeNumber, 'received');
    await transition(db, trade.tradeNumber, 'inspected');
    const paid = await transition(db, trade.tradeNumber, 'paid', 'SEPA run 42');
    expect(paid.note).toBe('payout 510.00 EUR; SEPA run 42');
  });

  it('refuses to pay a cancelled trade, naming the trade and both statuses, and writes nothing', async () => {
    const trade = await createTrade(db, store);
    await transition(db, trade.tradeNumber, 'cancelled');
    const error = await transition(db, trade.tradeNumber, 'paid').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransitionError);
    expect(error).toMatchObject({
      from: 'cancelled',
      to: 'paid',
      tradeNumber: trade.tradeNumber,
      message: `Trade ${trade.tradeNumber} is cancelled; it cannot be paid.`,
    });
    expect(await status(trade.tradeId)).toBe('cancelled');
    expect(await history(trade.tradeId)).toEqual([
      [null, 'created'],
      ['created', 'cancelled'],
    ]);
  });

  it('refuses to cancel a received trade and to receive a trade twice', async () => {
    const trade = await createTrade(db, store);
    await transition(db, trade.tradeNumber, 'received');
    await expect(transition(db, trade.tradeNumber, 'cancelled')).rejects.toThrow(
      `Trade ${trade.tradeNumber} is received; it cannot be cancelled.`,
    );
    await expect(transition(db, trade.tradeNumber, 'received')).rejects.toThrow(`Trade ${trade.tradeNumber} is already received.`);
    await expect(transition(db, trade.tradeNumber, 'paid')).rejects.toMatchObject({ from: 'received', to: 'paid' });
    expect(await history(trade.tradeId)).toEqual([
      [null, 'created'],
      ['created', 'received'],
    ]);
  });

  it('refuses every move the table does not allow', async () => {
    const trade = await createTrade(db, store);
    for (const to of TradeStatusSchema.options.filter((s) => !canTransition('created', s))) {
      await expect(transition(db, trade.tradeId, to)).rejects.toBeInstanceOf(TransitionError);
    }
    expect(await status(trade.tradeId)).toBe('created');
  });

  it('answers an unknown trade with TradeNotFoundError', async () => {
    await expect(transition(db, 'TR-1999-999999', 'received')).rejects.toThrow(new TradeNotFoundError('TR-1999-999999'));
    await expect(transition(db, randomUUID(), 'received')).rejects.toBeInstanceOf(TradeNotFoundError);
    await expect(showTrade(db, 'TR-1999-999999')).rejects.toThrow('There is no trade TR-1999-999999.');
  });

  it('lets exactly one of two concurrent moves of the same trade through', async () => {
    for (const moves of [
      ['received', 'received'],
      ['received', 'cancelled'],
    ] as TradeStatus[][]) {
      const trade = await createTrade(db, store);
      const results = await Promise.allSettled(moves.map((to) => transition(db, trade.tradeNumber, to)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(TransitionError);
      expect(await history(trade.tradeId)).toHaveLength(2);
    }
  });

  it('lists trades newest first, by status and with a limit', async () => {
    const [older, newer] = [await createTrade(db, store), await createTrade(db, store, [1500, 2100])];
    await transition(db, newer.tradeNumber, 'received', undefined, new Date(Date.now() + 60_000));
    const received = await listTrades(db, { status: 'received', limit: 1000 });
    expect(received.every((t) => t.status === 'received')).toBe(true);
    expect(received[0]).toMatchObject({ tradeNumber: newer.tradeNumber, items: 2, totalCents: 83_000, locale: 'de' });
    expect(received[0]!.updatedAt.getTime()).toBeGreaterThan(received[0]!.createdAt.getTime());
    const created = await listTrades(db, { status: 'created', limit: 1000 });
    expect(created.map((t) => t.tradeNumber)).toContain(older.tradeNumber);
    expect(created.map((t) => t.tradeNumber)).not.toContain(newer.tradeNumber);
    const all = await listTrades(db, { limit: 2 });
    expect(all.map((t) => t.tradeNumber)).toEqual([newer.tradeNumber, older.tradeNumber]);
  });

  it('pays an uninspected business item for all its units', async () => {
    const trade = await createTrade(db, store, [1300, 3000], (ids) => ({
      b2b: true,
      company: { name: 'Muster Handel GmbH', legalForm: 'gmbh' },
      address: { ...ADDRESS, phone: '0221 123456' },
      quantities: { [ids[0]!]: 3 },
    }));
    expect(trade.items.map((i) => i.quantity)).toEqual([3, 1]);
    const details = await showTrade(db, trade.tradeNumber);
    // 3 × 310 + 280: the payout is what the trade was sold for.
    expect(details.trade).toMatchObject({ subtotalCents: 121_000, totalCents: 121_000, payoutCents: 121_000 });
  });

  it('pays an inspected business item for all its units: the agreed price is per unit', async () => {
    const trade = await createTrade(db, store, [1300, 3000], (ids) => ({
      b2b: true,
      company: { name: 'Muster Handel GmbH', legalForm: 'gmbh' },
      address: { ...ADDRESS, phone: '0221 123456' },
      quantities: { [ids[0]!]: 3 },
    }));
    await transition(db, trade.tradeNumber, 'received');
    await recordInspection(
      db,
      store,
      trade.tradeNumber,
      trade.items.map((i) => ({ offerId: i.offerId, answers: {} })),
    );
    expect((await showTrade(db, trade.tradeNumber)).trade.payoutCents).toBe(121_000);
    const paid = await payTrade(db, trade.tradeNumber);
    expect(paid).toMatchObject({ to: 'paid', amountCents: 121_000, bonusCents: 0 });
    const [breakdown] = await payoutBreakdowns(db, trade.tradeId);
    expect(breakdown!.devices.map((d) => [d.offeredCents, d.paidCents])).toEqual([
      [93_000, 93_000],
      [28_000, 28_000],
    ]);
    const [view] = await tradeViews(db, { tradeId: trade.tradeId });
    expect(view!.items.map((i) => [i.offered, i.price])).toEqual([
      [930, 930],
      [280, 280],
    ]);
    expect(view!.total).toBe(1210);
  });

  it('shows a trade by number (any case) or id: items with device names, masked payout, transitions', async () => {
    const trade = await createTrade(db, store, [1300, 3000], { voucherCode: 'BONUS10' });
    await transition(db, trade.tradeNumber, 'received', 'parcel 0034');
    for (const ref of [trade.tradeNumber.toLowerCase(), trade.tradeId]) {
      const details = await showTrade(db, ref);
      expect(details.trade).toMatchObject({
        tradeNumber: trade.tradeNumber,
        status: 'received',
        subtotalCents: 59_000,
        voucher: { code: 'BONUS10', cents: 1000 },
        totalCents: 60_000,
        payoutCents: 60_000,
        payout: { method: 'sepa', masked: 'DE89 •••• •••• •••• 3000' },
      });
      expect(details.items).toEqual([
        expect.objectContaining({
          position: 0,
          deviceName: 'Apple iPhone 13 128 GB',
          priceCents: 31_000,
          offeredCodes: ['POWER=YES', 'DISPLAY=FLAWLESS', 'ACCOUNT=REMOVED'],
          inspection: null,
        }),
        expect.objectContaining({ position: 1, deviceName: 'Sony PlayStation 5 Digital Edition', priceCents: 28_000 }),
      ]);
      expect(details.transitions).toEqual([
        expect.objectContaining({ from: null, to: 'created', note: 'submitted at checkout' }),
        expect.objectContaining({ from: 'created', to: 'received', note: 'parcel 0034' }),
      ]);
      expect(details.clarifications).toEqual([]);
      expect(JSON.stringify(details)).not.toContain('0532013000');
    }
  });
});

describe('the operator commands on an embedded database (as npm run ops runs them)', () => {
  let dataDir: string;
  let tradeNumber: string;
  let lateTrade: string;
  const env = { ...process.env };

  const ops = opsHere;
  const cli = (...args: string[]) => opsCli(process.env, ...args);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-trades-'));
    process.env = embeddedOpsEnv(dataDir);
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    try {
      const { store } = await fixtureServices(handle.db);
      tradeNumber = (await createTrade(handle.db, store, [1300])).tradeNumber;
      lateTrade = (await createTrade(handle.db, store, [1300])).tradeNumber;
    } finally {
      await handle.close();
    }
  }, 60_000);
  afterAll(async () => {
    process.env = env;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('lists, receives, inspects with answer codes, answers the clarification and pays', async () => {
    const list = await ops('trades', 'list');
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toMatch(new RegExp(`${tradeNumber}\\s+created\\s+de\\s+1\\s+310\\.00 EUR`));

    const received = await ops('trades', 'receive', tradeNumber, '--note', 'parcel 0034');
    expect(received).toMatchObject({ code: 0 });
    // The mail's links: which origin, and why (PUBLIC_ORIGINS has none for the German shop here).
    expect(received.stdout).toContain('links use http://de.localhost:3000 (PUBLIC_ORIGINS has no "de": the local origin on PORT 3000)\n');
    expect(received.stdout).toContain('received mail to the seller');
    const again = await ops('trades', 'receive', tradeNumber);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`ops: Trade ${tradeNumber} is already received.`);

    const notAPhoto = join(dataDir, 'notes.txt');
    await writeFile(notAPhoto, 'the display is cracked');
    const refused = await ops('trades', 'inspect', tradeNumber, '--item', '1', '--answer', 'display=cracked', '--photo', notAPhoto);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not an image; attach a JPEG, PNG or WebP photo.');
    const photo = join(dataDir, 'crack.png');
    await writeFile(
      photo,
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
    );
    const inspected = await ops(
      'trades',
      'inspect',
      tradeNumber,
      '--item',
      '1',
      '--answer',
      'display=cracked',
      '--photo',
      photo,
      '--photo',
      photo,
    );
    expect(inspected.stdout).toContain('2 evidence photo(s) attached');
    expect(inspected.code).toBe(0);
    expect(inspected.stdout).toContain('received → inspected → clarification');
    const id = /Clarification ([0-9a-f-]{36}) \(lower_price\)/.exec(inspected.stdout)?.[1];
    expect(inspected.stdout).toContain(`link: /clarification/${id}/${tradeNumber}`);
    expect(inspected.stdout).toContain('new offer 139.50 EUR');

    const shown = await ops('trades', 'show', tradeNumber);
    expect(shown.stdout).toContain('status: clarification');
    expect(shown.stdout).toMatch(/Apple iPhone 13 128 GB\s+310\.00 EUR\s+POWER=YES DISPLAY=FLAWLESS ACCOUNT=REMOVED\s+DISPLAY=CRACKED/);
    expect(shown.stdout).toContain(`/clarification/${id}/${tradeNumber}`);
    // Both photos of item 1, listed with their ids, type and size.
    expect(shown.stdout).toMatch(/Evidence photos.*\n\s+ITEM\s+PHOTO\s+TYPE\s+SIZE\n(\s+1\s+[0-9a-f-]{36}\s+image\/png\s+1 KB\n){2}/);

    expect((await ops('trades', 'clarification', 'answer', tradeNumber, id!, 'accept')).stdout).toContain(
      `${tradeNumber} clarification → accepted`,
    );
    // A payout dated in the future is refused (it would book a late-payout bonus): nothing is paid.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const future = await ops('trades', 'pay', tradeNumber, '--at', tomorrow);
    expect(future.code).toBe(2);
    expect(future.stderr).toContain(
      `--at ${tomorrow} is in the future: a payout dated after today would book a late-payout bonus nobody was owed`,
    );
    expect((await ops('trades', 'show', tradeNumber)).stdout).toContain('status: accepted');
    const paid = await ops('trades', 'pay', tradeNumber);
    expect(paid.stdout).toMatch(new RegExp(`${tradeNumber} accepted → paid at .* \\(payout 139\\.50 EUR\\)`));
    expect(paid.stdout).toContain('payout mail to the seller, with the review invitation');
    const settled = await ops('trades', 'show', tradeNumber);
    expect(settled.stdout).toContain('paid 139.50 EUR');
    // Paid the day it was received and inspected: due two working days later, no late-payout bonus.
    expect(settled.stdout).toMatch(
      /Payouts\n\s+AT\s+AMOUNT\s+DEVICES\s+VOUCHER\s+DUE BY\s+LATE BONUS\n\s+\S+ \S+ UTC\s+139\.50 EUR\s+1\s+\d{4}-\d\d-\d\d\s*\n/,
    );
    expect(paid.stdout).toMatch(/payout promise: due by \d{4}-\d\d-\d\d, paid on time/);
  }, 240_000);

  it('receives and inspects in the past (--at), pays now with the late-payout bonus; one mail per step; refuses a future --at', async () => {
    const past = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const ahead = new Date(Date.now() + 5 * 60_000).toISOString();
    for (const verb of ['receive', 'cancel', 'return'])
      expect((await ops('trades', verb, lateTrade, '--at', ahead)).stderr).toContain(`--at ${ahead} is in the future`);
    expect((await ops('trades', 'receive', lateTrade, '--at', past)).code).toBe(0);
    const futureInspection = await ops('trades', 'inspect', lateTrade, '--at', ahead, '--item', '1');
    expect(futureInspection.code).toBe(2);
    const inspected = await ops('trades', 'inspect', lateTrade, '--at', past, '--item', '1');
    expect(inspected.stdout).toContain('received → inspected\n');
    expect(inspected.stdout).toContain("The seller was mailed the inspection's result.");
    const paid = await ops('trades', 'pay', lateTrade);
    expect(paid.stdout).toMatch(/payout promise: due by \d{4}-\d\d-\d\d, paid late: late-payout bonus 15\.50 EUR included/);

    const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    try {
      const [trade] = await handle.db.select().from(trades).where(eq(trades.tradeNumber, lateTrade));
      const subjects = (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, trade!.guestEmail!))).map((m) =>
        m.subject.replace(/[\u00a0\u202f]/g, ' '),
      );
      expect(subjects.sort()).toEqual(
        [
          `Ihr Verkauf ${lateTrade}: Ihr Paket ist angekommen`,
          `Ihr Verkauf ${lateTrade}: Ihre Geräte sind geprüft`,
          `Ihr Verkauf ${lateTrade}: Wir haben Ihnen 325,50 € ausgezahlt`,
        ].sort(),
      );
    } finally {
      await handle.close();
    }
  }, 240_000);

  it('exits 1 with one line (no stack) for an unknown trade, 2 with the usage for wrong arguments (tsx server/ops/cli.ts)', async () => {
    const unknown = await cli('trades', 'show', 'TR-1999-999999');
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'ops: There is no trade TR-1999-999999.\n' });
    const wrong = await cli('trades', 'pay');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run ops -- trades pay <TR-…> [--note <text>]');
  }, 60_000);
});
