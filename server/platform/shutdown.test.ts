// Graceful shutdown: checkouts in flight when the server is told to stop all finish and are stored;
// a new connection is refused; mails handed off are still sent; /readyz says whether the database answers.

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../db/schema/trades';
import type { MailMessage } from '../mail/mailer';
import { closeGracefully } from './shutdown';
import { drainingMailer } from '../mail/draining-mailer';
import { fixtureServices, testApp } from '../test-support/app';
import { memoryDatabase } from '../test-support/databases';

const CHECKOUT = (offerId: string) => ({
  offerIds: [offerId],
  identity: { kind: 'guest', email: `seller-${randomUUID()}@example.org` },
  address: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' },
  payout: { method: 'paypal', email: 'erika@example.org' },
  termsAccepted: true,
});

describe('graceful shutdown', () => {
  it('finishes 20 checkouts in flight, stores each, and refuses new connections', async () => {
    const handle = await memoryDatabase();
    let arrived = 0;
    const app = await testApp(await fixtureServices(handle.db), {
      setup: async (instance) => {
        // Each checkout takes a while, so all 20 are still running when the shutdown starts.
        instance.addHook('preHandler', async (request) => {
          if (request.url !== '/api/trades') return;
          arrived += 1;
          await sleep(300);
        });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const offerIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${base}/api/offers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: 1300, answers: { 1: 11, 2: 21, 3: 31 } }),
      });
      offerIds.push(((await res.json()) as { offerId: string }).offerId);
    }
    const post = (offerId: string) =>
      fetch(`${base}/api/trades`, {
        method: 'POST',
        // fetch sends the address as Host (the English default shop), for the offers too.
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(CHECKOUT(offerId)),
      });
    const inFlight = offerIds.map(post);
    while (arrived < 20) await sleep(5);

    const closed = closeGracefully(app, 10_000);
    const answers = await Promise.all(inFlight);
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(201));
    expect(await closed).toBe(true);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    const [stored] = await handle.db.select({ n: count() }).from(trades);
    expect(stored?.n).toBe(20);
    await handle.close();
  }, 30_000);

  it('cuts off what runs longer than the grace period', async () => {
    const handle = await memoryDatabase();
    const app = await testApp(await fixtureServices(handle.db), {
      setup: async (instance) => {
        instance.get('/slow', async () => {
          await sleep(5_000);
          return 'late';
        });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const slow = fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/slow`).catch((error: unknown) => error);
    await sleep(100);
    expect(await closeGracefully(app, 200)).toBe(false);
    expect(await slow).toBeInstanceOf(Error);
    await handle.close();
  }, 30_000);

  it('sends the mails handed off before closing the mail transport', async () => {
    const delivered: string[] = [];
    let closedAfter = -1;
    const mailer = drainingMailer({
      send: async (message: MailMessage) => {
        await sleep(100);
        delivered.push(message.to.address);
      },
      close: async () => {
        closedAfter = delivered.length;
      },
    });
    const mail = (address: string): MailMessage => ({
      from: { address: 'shop@example.org' },
      to: { address },
      subject: 's',
      text: 't',
      html: 'h',
    });
    void mailer.send(mail('a@example.org'));
    void mailer.send(mail('b@example.org'));
    expect(mailer.pending).toBe(2);
    await mailer.close?.();
    expect(closedAfter).toBe(2);
    expect(mailer.pending).toBe(0);
  });

  it('is ready while the database answers, and says so when it does not', async () => {
    const handle = await memoryDatabase();
    const app = await testApp(await fixtureServices(handle.db));
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
      search: { backend: 'embedded', state: 'ok', failures: 0 },
    });
    await handle.close();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'database unreachable' });
    await app.close();
  }, 30_000);
});
