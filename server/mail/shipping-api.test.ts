// Labels and the confirmation mail through the API (fastify.inject), on PGlite and (when
// TEST_DATABASE_URL is set) PostgreSQL: the Label-Url header, the signed label download, exactly one
// confirmation mail per new trade in the trade's language with an absolute link from the configured
// origin, none on replays, a failing mailer that does not fail the trade, and the developer mailbox.

import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from '@pdfme/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeSchema } from '../../src/contracts/trades';
import { buildApp, type ApiServices } from '../app';
import { importCatalogue } from '../catalogue/repository';
import { LocalSearch } from '../catalogue/search-service';
import { CatalogueStore } from '../catalogue/store';
import type { DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { trades, tradeTransitions } from '../db/schema/trades';
import { revokeLabel } from '../labels/repository';
import { fixtureCatalogue } from '../test-support/catalogue';
import { testDatabases } from '../test-support/databases';
import { parseMessage } from './message';
import type { Mailer, MailMessage } from './mailer';
import { MailOutbox, MailWorker, OutboxMailer } from './outbox';
import { createShippingServices, type ShippingServices } from '../shipping';
import { mailOutboxDir } from './setup';

const BEST = { 1: 11, 2: 21, 3: 31 };
const SEPA = { method: 'sepa', accountHolder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };
const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17' };
const POSTAL: Record<string, { postalCode: string; city: string }> = {
  'de.localhost': { postalCode: '51147', city: 'Köln' },
  'fr.localhost': { postalCode: '75001', city: 'Paris' },
  'it.localhost': { postalCode: '00184', city: 'Roma' },
};
const PORT = 4321;
const FR_ORIGIN = 'https://www.tradein.fr';
const LABEL_PATH = /^\/api\/trades\/([0-9a-f-]{36})\/label\.pdf\?token=([A-Za-z0-9_-]{43})$/;

describe.each(testDatabases())('labels and confirmation mail on $name', (database) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let services: ShippingServices;
  let api: ApiServices;
  let app: FastifyInstance;
  const apps: FastifyInstance[] = [];
  const logs: string[] = [];

  const build = async (shipping: ShippingServices) => {
    const instance = await buildApp({
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      }),
      render: async () => new Response('page'),
      resolveAssets: () => ({ entry: '', css: [], preloads: [] }),
      api: { ...api, shipping },
    });
    apps.push(instance);
    return instance;
  };

  beforeAll(async () => {
    handle = await database.open();
    await importCatalogue(handle.db, fixtureCatalogue());
    const store = await CatalogueStore.load(handle.db);
    api = { db: handle.db, store, search: new LocalSearch(store) };
    dataDir = await mkdtemp(join(tmpdir(), 'tradein-mail-'));
    services = await createShippingServices({ NODE_ENV: 'test', PORT, DATA_DIR: dataDir, PUBLIC_ORIGINS: { fr: FR_ORIGIN } });
    app = await build(services);
  }, 60_000);
  afterAll(async () => {
    for (const instance of apps) await instance.close();
    await handle?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const outboxFiles = async () =>
    (await readdir(mailOutboxDir(dataDir)).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();

  const offer = async (instance: FastifyInstance, host: string, deviceId = 1300): Promise<string> => {
    const res = await instance.inject({ method: 'POST', url: '/api/offers', payload: { deviceId, answers: BEST }, headers: { host } });
    expect(res.statusCode).toBe(201);
    return res.json().offerId;
  };
  const tradeBody = (offerIds: string[], host: string) => ({
    offerIds,
    identity: { kind: 'guest', email: `seller-${randomUUID()}@example.com` },
    address: { ...ADDRESS, ...POSTAL[host] },
    payout: SEPA,
    termsAccepted: true,
  });
  const submit = (
    instance: FastifyInstance,
    payload: object,
    host: string,
    key: string = randomUUID(),
    headers: Record<string, string> = {},
  ) => instance.inject({ method: 'POST', url: '/api/trades', payload, headers: { host, 'idempotency-key': key, ...headers } });
  const newTrade = async (host = 'de.localhost', instance = app) => {
    const res = await submit(instance, tradeBody([await offer(instance, host), await offer(instance, host, 3000)], host), host);
    expect(res.statusCode).toBe(201);
    return { res, trade: TradeSchema.parse(res.json()) };
  };

  describe('the shipping label', () => {
    it('answers the Label-Url header with the 201, and the label downloads as a PDF', async () => {
      const { res, trade } = await newTrade();
      const labelUrl = String(res.headers['label-url']);
      const [, id, token] = LABEL_PATH.exec(labelUrl) ?? [];
      expect(id).toBe(trade.tradeId);
      expect(token).toBe(services.labels.token(trade.tradeId));

      const label = await app.inject({ method: 'GET', url: labelUrl, headers: { host: 'de.localhost' } });
      expect(label.statusCode).toBe(200);
      expect(label.headers['content-type']).toBe('application/pdf');
      expect(label.headers['content-disposition']).toBe(`attachment; filename="label-${trade.tradeNumber}.pdf"`);
      expect(label.headers['cache-control']).toBe('private, no-store');
      // A PDF is no page: it may load nothing, no site may frame it, no browser may sniff it as HTML (decision 080).
      expect(label.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(label.headers['x-content-type-options']).toBe('nosniff');
      expect(label.headers['x-frame-options']).toBe('DENY');
      expect(label.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdf = await PDFDocument.load(label.rawPayload);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toBe(`Kostenloses Versandetikett ${trade.tradeNumber}`);
    });

    it('answers the same 404 for a wrong, missing or borrowed token, an unknown trade and a bad id', async () => {
      const { trade } = await newTrade();
      const { trade: other } = await newTrade();
      const unknown = randomUUID();
      const goodToken = services.labels.token(trade.tradeId);
      const urls = [
        `/api/trades/${trade.tradeId}/label.pdf?token=${goodToken.slice(0, 42)}${goodToken.endsWith('A') ? 'B' : 'A'}`,
        `/api/trades/${trade.tradeId}/label.pdf`,
        `/api/trades/${trade.tradeId}/label.pdf?token=`,
        `/api/trades/${trade.tradeId}/label.pdf?token=${services.labels.token(other.tradeId)}`,
        `/api/trades/${trade.tradeId}/label.pdf?token=${goodToken}&token=${goodToken}`,
        `/api/trades/${unknown}/label.pdf?token=${services.labels.token(unknown)}`,
        `/api/trades/not-a-uuid/label.pdf?token=${services.labels.token('not-a-uuid')}`,
      ];
      const bodies = new Set<string>();
      for (const url of urls) {
        const res = await app.inject({ method: 'GET', url, headers: { host: 'de.localhost' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control'], url).toBe('private, no-store');
        bodies.add(res.body);
      }
      expect(bodies.size).toBe(1);
      expect(JSON.parse([...bodies][0]!)).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no such shipping label.' });
      // The right token still works.
      expect((await app.inject({ method: 'GET', url: services.labels.path(trade.tradeId) })).statusCode).toBe(200);
    });
  });

  describe('label links that end', () => {
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'de.localhost' } });

    it('voids every link given out when revoked; the next version opens the label', async () => {
      const { trade } = await newTrade();
      const first = services.labels.path(trade.tradeId);
      const revoked = await revokeLabel(handle.db, trade.tradeNumber);
      expect(revoked).toMatchObject({ tradeId: trade.tradeId, version: 1 });
      expect((await get(first)).statusCode).toBe(404);
      expect((await get(services.labels.path(trade.tradeId, 1))).statusCode).toBe(200);
      await revokeLabel(handle.db, trade.tradeId);
      expect((await get(services.labels.path(trade.tradeId, 1))).statusCode).toBe(404);
      expect(await revokeLabel(handle.db, 'TR-2026-999999')).toBeUndefined();
    });

    it('keeps working for 30 days after the trade was paid, returned or cancelled, then answers 404', async () => {
      for (const closed of ['paid', 'returned', 'cancelled'] as const) {
        const { trade } = await newTrade();
        const link = services.labels.path(trade.tradeId);
        await handle.db.update(trades).set({ status: closed }).where(eq(trades.id, trade.tradeId));
        const closing = async (daysAgo: number) => {
          await handle.db
            .delete(tradeTransitions)
            .where(and(eq(tradeTransitions.tradeId, trade.tradeId), eq(tradeTransitions.toStatus, closed)));
          await handle.db
            .insert(tradeTransitions)
            .values({ tradeId: trade.tradeId, fromStatus: 'created', toStatus: closed, at: new Date(Date.now() - daysAgo * 86_400_000) });
        };
        await closing(29);
        expect((await get(link)).statusCode, closed).toBe(200);
        await closing(31);
        expect((await get(link)).statusCode, closed).toBe(404);
      }
    });
  });

  describe('the confirmation mail', () => {
    it('writes exactly one .eml in the trade language with the absolute label link from the configured origin', async () => {
      const before = await outboxFiles();
      const host = 'fr.localhost';
      const email = `vendeur-${randomUUID()}@example.com`;
      const res = await submit(
        app,
        { ...tradeBody([await offer(app, host), await offer(app, host, 3000)], host), identity: { kind: 'guest', email } },
        host,
        randomUUID(),
        {
          'x-forwarded-host': 'evil.example',
          forwarded: 'host=evil.example',
        },
      );
      expect(res.statusCode).toBe(201);
      const trade = TradeSchema.parse(res.json());

      const after = await outboxFiles();
      expect(after).toHaveLength(before.length + 1);
      const file = after.find((f) => !before.includes(f))!;
      const message = (await services.outbox!.read(file))!;
      expect(message.subject).toBe(`Votre vente ${trade.tradeNumber} : merci !`);
      expect(message.from).toBe('Service client Trade-in <service@tradein.fr>');
      expect(message.to).toBe(`Erika Mustermann <${email}>`);
      expect(message.text).toContain('Bonjour Erika,');
      expect(message.text).toContain('Apple iPhone 13 128 GB');
      expect(message.text).toContain('Sony PlayStation 5 Digital Edition');
      expect(message.text).toMatch(/Vous recevez\u00a0: 573,00\s€/); // 301 + 272 (the fixture's French prices)
      expect(message.text).toContain('UPS');
      expect(message.text).toContain('Les prochaines étapes');

      const link = `${FR_ORIGIN}${res.headers['label-url']}`;
      expect(message.text).toContain(link);
      expect(message.text).not.toContain('evil.example');
      expect(message.text).not.toContain('0532 0130');
      const raw = await readFile(join(mailOutboxDir(dataDir), file), 'utf8');
      expect((await parseMessage(raw)).headers.get('content-type')).toMatch(/^multipart\/alternative/);
      expect(raw).not.toContain('evil.example');
      // The link in the mail downloads the label.
      const label = await app.inject({ method: 'GET', url: link.slice(FR_ORIGIN.length) });
      expect(label.statusCode).toBe(200);
    });

    it('links to the local development origin for a shop without a configured one, in German for de', async () => {
      const before = await outboxFiles();
      const { res, trade } = await newTrade('de.localhost');
      const file = (await outboxFiles()).find((f) => !before.includes(f))!;
      const message = (await services.outbox!.read(file))!;
      expect(message.subject).toBe(`Ihr Verkauf ${trade.tradeNumber}: vielen Dank!`);
      expect(message.text).toContain('Hallo Erika,');
      expect(message.text).toContain(`http://de.localhost:${PORT}${res.headers['label-url']}`);
    });

    it('writes no second mail for a replayed submission, which still answers the Label-Url', async () => {
      const host = 'it.localhost';
      const key = randomUUID();
      const payload = tradeBody([await offer(app, host)], host);
      const before = await outboxFiles();
      const first = await submit(app, payload, host, key);
      expect(first.statusCode).toBe(201);
      expect(await outboxFiles()).toHaveLength(before.length + 1);
      const replay = await submit(app, payload, host, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.headers['label-url']).toBe(first.headers['label-url']);
      expect(await outboxFiles()).toHaveLength(before.length + 1);
    });

    it('sends after the trade is committed, and a failing mailer still gives 201 and logs no mail body or IBAN', async () => {
      const seen: { committed: boolean; message: MailMessage }[] = [];
      const failing = await build({
        ...services,
        mailer: {
          send: async (message) => {
            const number = /TR-\d{4}-\d{6}/.exec(message.subject)![0];
            const rows = await handle.db.select({ id: trades.id }).from(trades).where(eq(trades.tradeNumber, number));
            seen.push({ committed: rows.length === 1, message });
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
          },
        },
      });
      const before = await outboxFiles();
      logs.length = 0;
      const { res, trade } = await newTrade('de.localhost', failing);
      expect(res.headers['label-url']).toMatch(LABEL_PATH);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.committed).toBe(true);
      const [row] = await handle.db.select({ status: trades.status }).from(trades).where(eq(trades.id, trade.tradeId));
      expect(row?.status).toBe('created');
      expect(await outboxFiles()).toEqual(before);

      const failure = logs.find((line) => line.includes('confirmation mail failed'));
      expect(failure).toBeDefined();
      expect(JSON.parse(failure!)).toMatchObject({
        tradeId: trade.tradeId,
        tradeNumber: trade.tradeNumber,
        mailError: { code: 'ECONNREFUSED' },
      });
      const all = logs.join('\n');
      expect(all).not.toContain('0532013000');
      expect(all).not.toContain('0532 0130');
      expect(all).not.toContain('Hallo Erika');
      expect(all).not.toContain(seen[0]!.message.to.address);
      expect(all).not.toContain(services.labels.token(trade.tradeId));
    });
  });

  describe('with the durable outbox (decision 054)', () => {
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    /** SMTP that is down, back up, or hanging (a server that accepts the connection and never answers). */
    class Smtp implements Mailer {
      mode: 'down' | 'up' | 'hang' = 'down';
      readonly sent: MailMessage[] = [];
      send(message: MailMessage): Promise<void> {
        if (this.mode === 'hang') return new Promise(() => undefined);
        if (this.mode === 'down')
          return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' }));
        this.sent.push(message);
        return Promise.resolve();
      }
    }
    const queued = async (smtp: Smtp) => {
      const outbox = new MailOutbox(handle.db);
      const worker = new MailWorker(outbox, smtp, quiet, { pollMs: 60_000 });
      worker.start();
      return {
        outbox,
        worker,
        instance: await build({ ...services, mailer: new OutboxMailer(outbox, worker), mailQueue: { outbox, worker } }),
      };
    };
    const rowsFor = (tradeNumber: string) =>
      handle.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `%${tradeNumber}%`));

    it('answers the checkout while SMTP is down, and the confirmation goes out when SMTP is back', async () => {
      const smtp = new Smtp();
      const { worker, instance } = await queued(smtp);
      const { trade } = await newTrade('de.localhost', instance);
      // The first attempt has failed once its row is back to pending (while sending, attempts is 1 already).
      await expect
        .poll(async () => {
          const [row] = await rowsFor(trade.tradeNumber);
          return row && { status: row.status, attempts: row.attempts };
        })
        .toEqual({ status: 'pending', attempts: 1 });
      const [waiting] = await rowsFor(trade.tradeNumber);
      expect(waiting).toMatchObject({ status: 'pending', lastError: 'Error: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25' });
      expect(smtp.sent).toEqual([]);

      smtp.mode = 'up';
      // The backoff has passed.
      await handle.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(mailOutbox.id, waiting!.id));
      worker.wake();
      await expect.poll(() => smtp.sent.filter((m) => m.subject.includes(trade.tradeNumber)).length).toBe(1);
      // The worker marks its batch sent after the last mail of it left: the row follows a moment later.
      await expect.poll(async () => (await rowsFor(trade.tradeNumber))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      await worker.stop();
    });

    it('answers the checkout while SMTP hangs: the answer never waits for the mail', async () => {
      const smtp = new Smtp();
      smtp.mode = 'hang';
      const { instance } = await queued(smtp);
      const { trade } = await newTrade('de.localhost', instance);
      expect(trade.status).toBe('created');
      await expect.poll(async () => (await rowsFor(trade.tradeNumber))[0]?.status).toBe('sending');
    });

    it('writes no mail for a checkout that is refused inside its transaction', async () => {
      const smtp = new Smtp();
      const { instance } = await queued(smtp);
      const before = (await handle.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
      const res = await submit(instance, tradeBody([randomUUID()], 'de.localhost'), 'de.localhost');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect((await handle.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(before);
    });
  });

  describe('the developer mailbox', () => {
    it('lists the outbox newest first and shows a message text with its label link', async () => {
      const { res, trade } = await newTrade('de.localhost');
      const page = await app.inject({ method: 'GET', url: '/dev/mailbox', headers: { host: 'de.localhost' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      const subject = `Ihr Verkauf ${trade.tradeNumber}: vielen Dank!`;
      const links = [...page.body.matchAll(/<a href="\/dev\/mailbox\/([^"]+)">([^<]*)<\/a>/g)];
      expect(links.length).toBe((await outboxFiles()).length);
      expect(links[0]![2]).toBe(subject); // newest first
      expect(links.map((l) => l[1])).toEqual([...(await outboxFiles())].reverse());

      const view = await app.inject({ method: 'GET', url: `/dev/mailbox/${links[0]![1]}` });
      expect(view.statusCode).toBe(200);
      expect(view.body).toContain(subject);
      expect(view.body).toContain(`http://de.localhost:${PORT}${String(res.headers['label-url']).replace(/&/g, '&amp;')}`);
    });

    it('refuses names that are not outbox files (path traversal)', async () => {
      for (const name of [
        '..%2F..%2Fpackage.json',
        '..%2Fsecrets%2Flabel-secret',
        'label-secret',
        '..%2Fmail%2F20260101T000000000Z-00000000.eml',
        '20260101T000000000Z-00000000.eml',
      ]) {
        const res = await app.inject({ method: 'GET', url: `/dev/mailbox/${name}` });
        expect(res.statusCode, name).toBe(404);
        expect(res.body).not.toContain('label-secret');
      }
      // A dot-segment path never reaches the mailbox (the router resolves it to another page).
      for (const url of ['/dev/mailbox/..', '/dev/mailbox/%2E%2E', '/dev/mailbox/../../package.json']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.body, url).not.toContain('"name": "tradein-shop"');
        expect(res.body, url).not.toContain('Mailbox');
      }
    });

    it('is 404 in production mode', async () => {
      const production = await build({ ...services, devMailbox: false });
      const files = await outboxFiles();
      expect((await production.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await production.inject({ method: 'GET', url: `/dev/mailbox/${files[0]}` })).statusCode).toBe(404);
      const prodServices = await createShippingServices({ NODE_ENV: 'production', PORT, DATA_DIR: dataDir });
      expect(prodServices.devMailbox).toBe(false);
      expect((await createShippingServices({ NODE_ENV: 'production', PORT, DATA_DIR: dataDir, DEV_MAILBOX: true })).devMailbox).toBe(true);
      // One secret per data directory: the label links stay valid across restarts.
      expect(prodServices.labels.token(randomUUID())).not.toBe('');
      const id = randomUUID();
      expect(prodServices.labels.token(id)).toBe(services.labels.token(id));
    });
  });
});
