// The business trade's credit note (decision 036): the PDF's content (company, buyer, number, date,
// items with quantities, totals, the configured VAT sentence) and its delivery through the API — the
// Credit-Note-Url header of a business trade's 201, the signed download, the link in the confirmation
// mail — on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL.

import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@pdfme/pdf-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeSchema } from '../../src/contracts/trades';
import { buildApp, type ApiServices } from '../app';
import { importCatalogue } from '../catalogue/repository';
import { LocalSearch } from '../catalogue/search-service';
import { CatalogueStore } from '../catalogue/store';
import type { DatabaseHandle } from '../db/client';
import { createShippingServices, type ShippingServices } from '../shipping';
import { mailOutboxDir } from '../mail/setup';
import { fixtureCatalogue } from '../test-support/catalogue';
import { testDatabases } from '../test-support/databases';
import { renderCreditNote, type CreditNoteData } from './credit-note';
import { pageContent, shownInPdf } from '../test-support/pdf';

const shown = shownInPdf;
const pageText = async (bytes: Uint8Array) => pageContent((await PDFDocument.load(bytes)).getPage(0));

const DATA: CreditNoteData = {
  tradeNumber: 'TB-2026-000042',
  locale: 'de',
  createdAt: new Date('2026-03-05T10:00:00Z'),
  company: { name: 'Muster Handel GmbH', legalForm: 'gmbhCoKg', vatId: 'DE136695976' },
  contact: {
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Heidestraße',
    houseNumber: '17',
    postalCode: '51147',
    city: 'Köln',
    phone: '0221 123456',
  },
  email: 'einkauf@muster-handel.example',
  items: [
    { name: 'Apple iPhone 13 128 GB', unitPrice: 310, kind: 'purchase' },
    { name: 'Sony PlayStation 5 Digital Edition', unitPrice: 272.5, quantity: 3, kind: 'purchase' },
    { name: 'Old Phone', unitPrice: 0, kind: 'recycling' },
  ],
  voucher: { code: 'PLUS5', value: 10 },
  total: 1137.5,
  payout: 'DE89 •••• •••• •••• 3000',
};

describe('renderCreditNote', () => {
  it('is a one-page A4 PDF titled as the credit note of the trade number', async () => {
    const pdf = await PDFDocument.load(await renderCreditNote(DATA), { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Gutschrift TB-2026-000042');
    expect(pdf.getPage(0).getWidth()).toBeCloseTo(595.28);
  });

  it('names the company, its legal form, VAT id, contact person and address, and the buyer', async () => {
    const text = await pageText(await renderCreditNote(DATA));
    for (const line of [
      'Muster Handel GmbH',
      'Rechtsform: GmbH & Co. KG',
      'Ansprechpartner: Erika Mustermann',
      'Heidestraße 17',
      '51147 Köln',
      'USt-IdNr.: DE136695976',
      'Telefon: 0221 123456',
      'E-Mail: einkauf@muster-handel.example',
      '[Firmenname und Rechtsform]',
      'USt-IdNr.: [USt-IdNr.]',
      'Gutschrift- und Auftragsnummer: TB-2026-000042',
      'Datum: 05.03.2026',
    ]) {
      expect(text, line).toContain(shown(line));
    }
  });

  it('lists each device with its quantity (1 without one), unit price and amount, the voucher and the total', async () => {
    const text = await pageText(await renderCreditNote(DATA));
    const money = (value: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value);
    for (const line of [
      'Apple iPhone 13 128 GB',
      money(310),
      'Sony PlayStation 5 Digital Edition',
      '3',
      money(272.5),
      money(817.5),
      'Kostenloses Recycling',
      'Gutschein PLUS5',
      `+${money(10)}`,
      'Gesamtbetrag',
      money(1137.5),
    ]) {
      expect(text, line).toContain(shown(line));
    }
    // The payout sentence wraps; its account is masked.
    expect(text).toContain(shown('DE89'));
    expect(text).not.toContain(shown('0532'));
  });

  it('wraps a long device name onto a second line instead of cutting it', async () => {
    const name = 'Apple MacBook Pro 14" (M3 Pro, 2023) 18 GB / 512 GB Space Black';
    const text = await pageText(await renderCreditNote({ ...DATA, items: [{ name, unitPrice: 1185, quantity: 2, kind: 'purchase' }] }));
    // Every part of the name is drawn, over two lines.
    for (const part of ['Apple MacBook Pro 14"', '(M3 Pro, 2023)', '512', 'Space Black']) expect(text, part).toContain(shown(part));
  });

  it('states the VAT treatment configured for the shop: the margin scheme sentence in Germany', async () => {
    const text = await pageText(await renderCreditNote(DATA));
    expect(text).toContain(shown('Differenzbesteuerung nach § 25a UStG.'));
  });

  it('states no VAT treatment where none is configured, and speaks the shop language', async () => {
    const pdf = await PDFDocument.load(await renderCreditNote({ ...DATA, locale: 'fr', company: { ...DATA.company, vatId: null } }), {
      updateMetadata: false,
    });
    expect(pdf.getTitle()).toBe('Avoir TB-2026-000042');
    const text = pageContent(pdf.getPage(0));
    expect(text).not.toContain(shown('25a'));
    expect(text).toContain(shown('N° TVA: non indiqué'));
  });
});

const BEST = { 1: 11, 2: 21, 3: 31 };
const SEPA = { method: 'sepa', accountHolder: 'Muster Handel GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };
const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' };
const COMPANY = { name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: 'DE 136 695 976' };
const CREDIT_NOTE_PATH = /^\/api\/trades\/([0-9a-f-]{36})\/credit-note\.pdf\?token=([A-Za-z0-9_-]{43})$/;

describe.each(testDatabases())('credit notes through the API on $name', (database) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let services: ShippingServices;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await database.open();
    await importCatalogue(handle.db, fixtureCatalogue());
    const store = await CatalogueStore.load(handle.db);
    const api: ApiServices = { db: handle.db, store, search: new LocalSearch(store) };
    dataDir = await mkdtemp(join(tmpdir(), 'tradein-b2b-'));
    services = await createShippingServices({
      NODE_ENV: 'test',
      PORT: 4322,
      DATA_DIR: dataDir,
      PUBLIC_ORIGINS: { de: 'https://www.tradein.de' },
    });
    app = await buildApp({
      logLevel: 'silent',
      render: async () => new Response('page'),
      resolveAssets: () => ({ entry: '', css: [], preloads: [] }),
      api: { ...api, shipping: services },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const offer = async (deviceId: number): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/offers',
      payload: { deviceId, answers: BEST },
      headers: { host: 'de.localhost' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().offerId;
  };
  const submit = async (extra: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/trades',
      headers: { host: 'de.localhost', 'idempotency-key': randomUUID() },
      payload: {
        offerIds: [await offer(1300), await offer(3000)],
        identity: { kind: 'guest', email: `einkauf-${randomUUID()}@example.com` },
        address: ADDRESS,
        payout: SEPA,
        termsAccepted: true,
        ...extra,
      },
    });
  const mails = async () => (await readdir(mailOutboxDir(dataDir)).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));

  it('gives a business trade a Credit-Note-Url whose PDF holds the company data', async () => {
    const res = await submit({ b2b: true, company: COMPANY, address: { ...ADDRESS, phone: '0221 123456' } });
    expect(res.statusCode).toBe(201);
    const trade = TradeSchema.parse(res.json());
    const url = String(res.headers['credit-note-url']);
    expect(CREDIT_NOTE_PATH.exec(url)?.[1]).toBe(trade.tradeId);

    const pdf = await app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="credit-note-${trade.tradeNumber}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const text = await pageText(pdf.rawPayload);
    for (const line of [
      'Muster Handel GmbH',
      'USt-IdNr.: DE136695976',
      'Ansprechpartner: Erika Mustermann',
      trade.tradeNumber,
      'Apple iPhone 13 128 GB',
    ]) {
      expect(text, line).toContain(shown(line));
    }
  });

  it('links the credit note in the confirmation mail from the configured origin', async () => {
    const before = await mails();
    const res = await submit({ b2b: true, company: COMPANY, address: { ...ADDRESS, phone: '0221 123456' } });
    const file = (await mails()).find((f) => !before.includes(f))!;
    const message = (await services.outbox!.read(file))!;
    expect(message.text).toContain('Ihre Gutschrift');
    expect(message.text).toContain(`https://www.tradein.de${res.headers['credit-note-url']}`);
  });

  it('has no credit note for a consumer trade: no header, and a signed link answers 404', async () => {
    const before = await mails();
    const res = await submit({});
    expect(res.statusCode).toBe(201);
    expect(res.headers['credit-note-url']).toBeUndefined();
    const trade = TradeSchema.parse(res.json());
    expect((await app.inject({ method: 'GET', url: services.labels.creditNotePath(trade.tradeId) })).statusCode).toBe(404);
    const file = (await mails()).find((f) => !before.includes(f))!;
    expect((await services.outbox!.read(file))!.text).not.toContain('credit-note');
  });

  it('answers the same 404 for a wrong token, the label token, an unknown trade and a bad id', async () => {
    const res = await submit({ b2b: true, company: COMPANY, address: { ...ADDRESS, phone: '0221 123456' } });
    const { tradeId } = res.json();
    const unknown = randomUUID();
    for (const url of [
      `/api/trades/${tradeId}/credit-note.pdf`,
      `/api/trades/${tradeId}/credit-note.pdf?token=${services.labels.token(tradeId)}`,
      `/api/trades/${unknown}/credit-note.pdf?token=${services.labels.creditNotePath(unknown).split('token=')[1]}`,
      `/api/trades/not-a-uuid/credit-note.pdf?token=x`,
    ]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().message).toBe('There is no such credit note.');
    }
  });
});
