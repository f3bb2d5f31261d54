// The seller's mail at every step after checkout (issue 27, decision 068) on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL: each move writes exactly one row to the mail outbox in its own
// transaction, in the trade's language and brand, with the trade page link and the exact amounts; an
// inspection that opens a clarification writes none (the clarification's mail is that step's mail); a
// mail that cannot be composed rolls the move back; without the outbox the mail is sent after the commit.
// The inspection's mail and the clarification's opened mail link the data-erasure certificates of the
// devices accepted as they are (decision 073).

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/config/locales';
import type { ShopMode } from '../../src/config/hosts';
import type { CatalogueStore } from '../catalogue/store';
import { createClarificationLinks } from '../clarifications/links';
import { sendClarificationMail } from '../clarifications/mail';
import type { Database, DatabaseHandle } from '../db/client';
import { clarifications } from '../db/schema/clarifications';
import { mailOutbox } from '../db/schema/mail';
import { trades, tradeTransitions } from '../db/schema/trades';
import type { MailMessage } from '../mail/mailer';
import { MailOutbox, OutboxMailer } from '../mail/outbox';
import { createReviewLinks } from '../reviews/links';
import { CapturingMailer } from '../test-support/accounts';
import { fixtureServices } from '../test-support/app';
import { fixtureCatalogue } from '../test-support/catalogue';
import { testDatabases } from '../test-support/databases';
import { BEST, createTrade } from '../test-support/trades';
import { importVouchers } from '../vouchers/seed';
import { CatalogueStore as Store } from '../catalogue/store';
import { certificatesOf } from './erasure';
import { answerClarification, recordInspection } from './inspection';
import { payTrade, transition } from './lifecycle';
import { createCertificateLinks, createTradeLinks } from './links';
import { tradeStepMails, type TradeStepMailServices } from './step-mails';

const SECRET = 'a-label-secret-for-the-tests';
const ORIGINS: Record<string, string> = { de: 'https://www.tradein.de', it: 'https://www.tradein.it', agan: 'https://www.agan.de' };
const tradeLinks = createTradeLinks(SECRET);
const certificateLinks = createCertificateLinks(SECRET);
const CRACKED = { 2: 23 };
const DAY_MS = 86_400_000;
const IMEI = '352099001761481';

/** The fixture catalogue with another German base price for one device (the price rose since the offer). */
function storeWithPrice(deviceId: number, euros: number): CatalogueStore {
  const catalogue = fixtureCatalogue();
  return Store.of({
    ...catalogue,
    devices: catalogue.devices.map((d) => (d.id === deviceId ? { ...d, basePrice: { ...d.basePrice, de: euros } } : d)),
  });
}

/** Non-breaking and narrow spaces (ICU puts them around €, French before colons) as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe.each(testDatabases())('the step mails on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;
  let services: TradeStepMailServices;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
    await importVouchers(db, [
      { code: 'BONUS10', locale: null, kind: 'fixed', value: 1000, minTotalCents: 0, validUntil: null, singleUsePerCustomer: false },
    ]);
    services = {
      mailer: new OutboxMailer(new MailOutbox(db)),
      publicOrigin: (locale, brand) => ORIGINS[brand === 'agan' ? 'agan' : locale]!,
      trades: tradeLinks,
      reviews: createReviewLinks(SECRET),
      certificates: certificateLinks,
    };
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const emailOf = async (tradeId: string) => (await db.select().from(trades).where(eq(trades.id, tradeId)))[0]!.guestEmail!;
  /** The outbox rows of the seller's mails, oldest first, as the worker would send them. */
  const outbox = async (email: string): Promise<MailMessage[]> =>
    (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(mailOutbox.createdAt)).map(
      (row) => row.message as unknown as MailMessage,
    );
  /** Runs a move and returns the one mail it wrote (it fails unless exactly one row was added). */
  const oneMail = async (email: string, move: () => Promise<unknown>): Promise<MailMessage> => {
    const before = (await outbox(email)).length;
    await move();
    const after = await outbox(email);
    expect(after).toHaveLength(before + 1);
    const mail = after.at(-1)!;
    return { ...mail, text: plain(mail.text), html: plain(mail.html), subject: plain(mail.subject) };
  };
  const sold = async (deviceIds: number[], shop: { locale?: Locale; shopMode?: ShopMode } = {}, extra: Record<string, unknown> = {}) => {
    const trade = await createTrade(db, store, deviceIds, extra, shop);
    return { trade, email: await emailOf(trade.tradeId) };
  };

  it('German: received, inspected, paid in full, each one mail with the trade page; the payout states the amount and invites the review', async () => {
    const mails = tradeStepMails(services);
    const { trade, email } = await sold([1300, 2100]);
    const page = `https://www.tradein.de${tradeLinks.path('de', trade.tradeNumber)}`;
    const received = await oneMail(email, () =>
      transition(db, trade.tradeNumber, 'received', undefined, new Date('2026-11-02T09:00:00Z'), { mails }),
    );
    expect(received.subject).toBe(`Ihr Verkauf ${trade.tradeNumber}: Ihr Paket ist angekommen`);
    expect(received.from.address).toBe('service@tradein.de');
    expect(received.text).toContain('Guten Tag Erika,');
    // Two working days after Monday's receipt.
    expect(received.text).toContain('bis zum 4. November 2026');
    expect(received.text).toContain(page);
    expect(received.html).toContain(`href="${page.replace(/&/g, '&amp;')}"`);

    const inspected = await oneMail(email, () =>
      recordInspection(
        db,
        store,
        trade.tradeNumber,
        trade.items.map((i) => ({ offerId: i.offerId, answers: BEST })),
        { now: new Date('2026-11-03T09:00:00Z'), mails },
      ),
    );
    expect(inspected.subject).toBe(`Ihr Verkauf ${trade.tradeNumber}: Ihre Geräte sind geprüft`);
    expect(inspected.text).toContain('- Apple iPhone 13 128 GB: wie angegeben, 310,00 €');
    expect(inspected.text).toContain('Sie erhalten: 500,00 €');
    expect(inspected.text).toContain('Wir zahlen 500,00 € bis zum 5. November 2026 an DE89');

    const paid = await oneMail(email, () => payTrade(db, trade.tradeNumber, undefined, new Date('2026-11-04T09:00:00Z'), { mails }));
    expect(paid.subject).toBe(`Ihr Verkauf ${trade.tradeNumber}: Wir haben Ihnen 500,00 € ausgezahlt`);
    expect(paid.text).toContain('am 4. November 2026 haben wir 500,00 € für Ihren Verkauf');
    expect(paid.text).toContain('per Überweisung an DE89');
    expect(paid.text).toContain('An Sie ausgezahlt: 500,00 €');
    expect(paid.text).toMatch(/Verkauf bewerten: https:\/\/www\.tradein\.de\/bewertung\/[0-9a-f-]{36}\?token=/);
    expect(paid.text).toContain(page);
  });

  it('Italian: received and paid in the seller’s language; a cancelled trade says nothing will be paid', async () => {
    const mails = tradeStepMails(services);
    const { trade, email } = await sold([1300], { locale: 'it' });
    const received = await oneMail(email, () => transition(db, trade.tradeNumber, 'received', undefined, undefined, { mails }));
    expect(received.subject).toBe(`La tua vendita ${trade.tradeNumber}: il tuo pacco è arrivato`);
    expect(received.from.address).toBe('servizio@tradein.it');
    expect(received.text).toContain(`https://www.tradein.it${tradeLinks.path('it', trade.tradeNumber)}`);
    await recordInspection(db, store, trade.tradeNumber, [{ offerId: trade.items[0]!.offerId, answers: BEST }], { mails });
    const paid = await oneMail(email, () => payTrade(db, trade.tradeNumber, undefined, undefined, { mails }));
    expect(paid.subject).toBe(`La tua vendita ${trade.tradeNumber}: ti abbiamo pagato 295,00 €`);
    expect(paid.text).toContain('Pagato a te: 295,00 €');
    expect(paid.text).toContain('Valuta la tua vendita');

    const other = await sold([2100], { locale: 'it' });
    const cancelled = await oneMail(other.email, () =>
      transition(db, other.trade.tradeNumber, 'cancelled', undefined, undefined, { mails }),
    );
    expect(cancelled.subject).toBe(`La tua vendita ${other.trade.tradeNumber} è annullata`);
    expect(cancelled.text).toContain('Non verrà pagato nulla');
  });

  it('German cancellation, and an agan trade: agan’s sender, signature and origin', async () => {
    const mails = tradeStepMails(services);
    const { trade, email } = await sold([1300]);
    const cancelled = await oneMail(email, () => transition(db, trade.tradeNumber, 'cancelled', undefined, undefined, { mails }));
    expect(cancelled.subject).toBe(`Ihr Verkauf ${trade.tradeNumber} ist storniert`);
    expect(cancelled.text).toContain('Dafür wird nichts ausgezahlt');
    // A closed trade's page stays reachable by its link for TRADE_LINK_GRACE_DAYS.
    expect(cancelled.text).toContain('Der Link zu Ihrer Verkaufsseite gilt ab heute 60 Tage.');

    const agan = await sold([1300], { shopMode: 'agan' });
    const received = await oneMail(agan.email, () => transition(db, agan.trade.tradeNumber, 'received', undefined, undefined, { mails }));
    expect(received.from).toEqual({ name: 'agan Kundenservice', address: 'service@agan.de' });
    expect(received.text).toContain('Ihr agan-Team');
    expect(received.text).toContain(`https://www.agan.de${tradeLinks.path('de', agan.trade.tradeNumber)}`);
    expect(`${received.subject}${received.text}${received.html}`).not.toMatch(/trade-?in/i);
  });

  it('a raise, a voucher, a late payout and a declined device: the split payout’s lines add up, then the return', async () => {
    const mails = tradeStepMails(services);
    // iPhone 13 (offer 310 €, base price now 350 €: raised), Galaxy S21 (190 € as declared), iPhone 13 256 GB found cracked.
    const { trade, email } = await sold([1300, 2100, 1301], {}, { voucherCode: 'BONUS10' });
    const [raised, asOffered, cracked] = trade.items;
    await transition(db, trade.tradeNumber, 'received', undefined, new Date('2026-11-02T09:00:00Z'), { mails });
    // The inspection opens a clarification: its own mail is the step's mail, so the inspection writes none.
    const before = (await outbox(email)).length;
    await recordInspection(
      db,
      storeWithPrice(1300, 350),
      trade.tradeNumber,
      [
        { offerId: raised!.offerId, answers: {} },
        { offerId: asOffered!.offerId, answers: {} },
        { offerId: cracked!.offerId, answers: CRACKED },
      ],
      { now: new Date('2026-11-02T10:00:00Z'), mails },
    );
    expect(await outbox(email)).toHaveLength(before);
    await sendClarificationMail({ ...services, clarifications: createClarificationLinks(SECRET) }, db, trade.tradeId, 'opened');
    expect(await outbox(email)).toHaveLength(before + 1);

    // Paid ten days later, past the due day (4 November): the late-payout bonus, capped at 20 €.
    const paid = await oneMail(email, () => payTrade(db, trade.tradeNumber, undefined, new Date('2026-11-12T09:00:00Z'), { mails }));
    expect(paid.subject).toBe(`Ihr Verkauf ${trade.tradeNumber}: Wir haben Ihnen 570,00 € für die bereits geklärten Geräte ausgezahlt`);
    const lines = [
      '- Apple iPhone 13 128 GB: Angebot 310,00 €, ausgezahlt 350,00 €',
      '- Samsung Galaxy S21 128 GB: 190,00 €',
      '- Ihre Angebote: 500,00 €',
      '- Mehr für Geräte, die besser als angegeben waren: +40,00 €',
      '- Gutscheinbonus: +10,00 €',
      '- Bonus für späte Auszahlung (versprochen bis 4. November 2026): +20,00 €',
      'An Sie ausgezahlt: 570,00 €',
    ];
    let at = -1;
    for (const line of lines) {
      const next = paid.text.indexOf(line);
      expect(next, line).toBeGreaterThan(at);
      at = next;
    }
    // The sums as the seller reads them add up to the payout: 500 + 40 + 10 + 20 = 570.
    const cents = (line: string) => Number(/([\d.]+),(\d\d) €$/.exec(line)!.slice(1).join('').replace(/\./g, ''));
    expect(lines.slice(2, 6).reduce((sum, line) => sum + cents(line), 0)).toBe(cents(lines[6]!));
    expect(paid.text).not.toContain('Apple iPhone 13 256 GB');
    expect(paid.text).toContain('Bisher an Sie ausgezahlt: 570,00 €');
    expect(paid.text).not.toContain('bewertung');

    // The seller declines the cracked device's new offer: it goes back, and the trade is closed.
    const [clarification] = await db.select().from(clarifications).where(eq(clarifications.tradeId, trade.tradeId));
    await answerClarification(db, trade.tradeNumber, clarification!.id, 'decline');
    const returned = await oneMail(email, () => transition(db, trade.tradeNumber, 'returned', undefined, undefined, { mails }));
    expect(returned.subject).toBe(`Ihr Verkauf ${trade.tradeNumber}: Ihre Geräte sind auf dem Rückweg`);
    expect(returned.text).toContain('- Apple iPhone 13 256 GB');
    expect(returned.text).toContain('Das Paket ist mit DHL an Ihre Adresse in 51147 Köln unterwegs');
    expect(returned.text).toContain(`Auftragsnummer ${trade.tradeNumber}`);
    expect(returned.text).toContain('Für Ihre übrigen Geräte haben wir Ihnen 570,00 € ausgezahlt.');
  });

  it('the inspection’s mail and the opened clarification’s link the certificates of the devices whose wipe was confirmed', async () => {
    const mails = tradeStepMails(services);
    const erasure = { method: 'factory_reset_encrypted', inspector: 'cli' } as const;
    const { trade, email } = await sold([1300, 2100]);
    await transition(db, trade.tradeNumber, 'received', undefined, undefined, { mails });
    const [wiped, kept] = trade.items;
    const inspected = await oneMail(email, () =>
      recordInspection(
        db,
        store,
        trade.tradeNumber,
        [
          { offerId: wiped!.offerId, answers: BEST, identifier: IMEI, erasure },
          { offerId: kept!.offerId, answers: BEST },
        ],
        { mails },
      ),
    );
    const [certificate] = await certificatesOf(db, trade.tradeId);
    const url = `https://www.tradein.de${certificateLinks.path(certificate!.id)}`;
    expect(inspected.text).toContain(
      [
        'Zertifikate über die Datenlöschung',
        'Wir haben die Daten auf diesen Geräten sicher gelöscht. Das Zertifikat für jedes Gerät steht als PDF bereit:',
        `- Apple iPhone 13 128 GB: ${url}`,
      ].join('\n'),
    );
    expect(inspected.text).not.toContain('- Samsung Galaxy S21 128 GB: https');
    expect(inspected.html).toContain(`<a href="${url}">Zertifikat (PDF)</a>`);

    // A clarification: the inspection writes no mail; the opened mail links the accepted device's certificate.
    const asked = await sold([1300, 1301], { locale: 'it' });
    await transition(db, asked.trade.tradeNumber, 'received');
    await recordInspection(db, store, asked.trade.tradeNumber, [
      { offerId: asked.trade.items[0]!.offerId, answers: BEST, identifier: IMEI, erasure },
      { offerId: asked.trade.items[1]!.offerId, answers: CRACKED },
    ]);
    const [accepted] = await certificatesOf(db, asked.trade.tradeId);
    const clarificationServices = { ...services, clarifications: createClarificationLinks(SECRET) };
    const opened = await oneMail(asked.email, () => sendClarificationMail(clarificationServices, db, asked.trade.tradeId, 'opened'));
    expect(opened.text).toContain(
      [
        'Certificati di cancellazione dei dati',
        'Abbiamo cancellato in modo sicuro i dati di questi dispositivi. Trovi il certificato di ciascuno in PDF:',
        `- Apple iPhone 13 128 GB: https://www.tradein.it${certificateLinks.path(accepted!.id)}`,
      ].join('\n'),
    );
    expect(opened.text).not.toContain('Apple iPhone 13 256 GB: https://www.tradein.it/api/certificates/');
    const reminder = await oneMail(asked.email, () => sendClarificationMail(clarificationServices, db, asked.trade.tradeId, 'reminder'));
    expect(reminder.text).not.toContain('/api/certificates/');
  });

  it('a mail that cannot be composed rolls the move back: no transition, no status change, no mail', async () => {
    const broken = tradeStepMails({
      ...services,
      publicOrigin: () => {
        throw new Error('no origin for this shop');
      },
    });
    const { trade, email } = await sold([1300]);
    await expect(transition(db, trade.tradeNumber, 'received', undefined, undefined, { mails: broken })).rejects.toThrow('no origin');
    const [row] = await db.select({ status: trades.status }).from(trades).where(eq(trades.id, trade.tradeId));
    expect(row!.status).toBe('created');
    expect(
      await db.$count(tradeTransitions, and(eq(tradeTransitions.tradeId, trade.tradeId), eq(tradeTransitions.toStatus, 'received'))),
    ).toBe(0);
    expect(await outbox(email)).toHaveLength(0);
    await expect(payTrade(db, trade.tradeNumber, undefined, undefined, { mails: broken })).rejects.toThrow();
  });

  it('without the outbox (a bare transport) the mail is sent once, after the commit', async () => {
    const transport = new CapturingMailer();
    const mails = tradeStepMails({ ...services, mailer: transport });
    const { trade, email } = await sold([1300]);
    await transition(db, trade.tradeNumber, 'received', undefined, undefined, { mails });
    expect(transport.to(email).map((m) => m.subject)).toEqual([`Ihr Verkauf ${trade.tradeNumber}: Ihr Paket ist angekommen`]);
    expect(await outbox(email)).toHaveLength(0);
  });

  // Days are computed from the given times; a payout paid on the due day gets no bonus.
  it('pays on the due day without a bonus line', async () => {
    const mails = tradeStepMails(services);
    const { trade, email } = await sold([1300]);
    const received = new Date('2026-11-02T09:00:00Z');
    await transition(db, trade.tradeNumber, 'received', undefined, received, { mails });
    await recordInspection(db, store, trade.tradeNumber, [{ offerId: trade.items[0]!.offerId, answers: BEST }], { now: received, mails });
    const paid = await oneMail(email, () =>
      payTrade(db, trade.tradeNumber, undefined, new Date(received.getTime() + 2 * DAY_MS), { mails }),
    );
    expect(paid.text).not.toContain('Bonus für späte Auszahlung');
    expect(paid.text).toContain('An Sie ausgezahlt: 310,00 €');
  });
});
