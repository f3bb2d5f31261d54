// The newsletter through fastify.inject, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: sign-up →
// confirmation mail → confirm → welcome mail → profile → unsubscribe by hash → sign-up again; tampered
// and unknown hashes, Austria's 404s, the same answer for known and unknown addresses, the mail
// headers (List-Unsubscribe, RFC 8058 one-click), the account's switch and the IP-free audit.

import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { newsletterEvents, newsletterSubscribers } from '../db/schema/newsletter';
import {
  accountTestApp,
  bearer,
  login,
  registerAndActivate,
  TEST_ORIGIN,
  testAccountServices,
  type TestAccountServices,
} from '../test-support/accounts';
import { testDatabases } from '../test-support/databases';
import { exportSubscribers } from './export';

const email = () => `nl-${randomUUID()}@example.com`;

/** The hash and confirmation token of the confirmation link in a mail text. */
function confirmationLink(text: string, origin = TEST_ORIGIN('de')): { emailHash: string; token: string } {
  const escaped = origin.replace(/[.]/g, '\\.');
  const match = new RegExp(`${escaped}/newsletter/enrich/([0-9a-f]{64})\\?confirm=([0-9]+\\.[0-9a-f]{64})`).exec(text);
  if (!match) throw new Error(`no confirmation link in:\n${text}`);
  return { emailHash: match[1]!, token: decodeURIComponent(match[2]!) };
}

describe.each(testDatabases())('newsletter on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: TestAccountServices;

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices();
    app = await accountTestApp(handle.db, accounts);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const subscribe = (address: string, host = 'de.localhost', source = 'footer') =>
    app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { host }, payload: { email: address, source } });
  const confirmCall = (link: { emailHash: string; token: string }, host = 'de.localhost') =>
    app.inject({ method: 'POST', url: '/api/newsletter/confirm', headers: { host }, payload: link });
  const unsubscribeCall = (hash: string, host = 'de.localhost') =>
    app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${hash}`, headers: { host } });
  const rowOf = async (address: string, locale = 'de') =>
    (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, address))).find((r) => r.locale === locale);

  it('subscribes with double opt-in, unsubscribes by hash and lets the address sign up again', async () => {
    const address = email();
    const signedUp = await subscribe(address.toUpperCase());
    expect(signedUp.statusCode).toBe(202);
    expect(signedUp.json()).toEqual({ status: 'accepted' });
    expect((await rowOf(address))?.status).toBe('pending');

    const mail = accounts.mailer.last(address);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Newsletter-Anmeldung');
    expect(mail.from.address).toBe('service@tradein.de');
    const link = confirmationLink(mail.text);
    expect(link.emailHash).toBe(accounts.newsletter.emailHash(address));

    const confirmed = await confirmCall(link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ emailHash: link.emailHash, status: 'subscribed', firstName: '', interests: [] });
    const row = await rowOf(address);
    expect(row).toMatchObject({ status: 'subscribed', source: 'footer', confirmNonce: null });
    expect(row?.consentedAt).toBeInstanceOf(Date);
    const welcome = accounts.mailer.last(address);
    expect(welcome.subject).toBe('Willkommen bei unserem Newsletter');
    // Opening the link again (or a mail scanner opening it first) keeps the subscription, without a second welcome.
    expect((await confirmCall(link)).statusCode).toBe(200);
    expect(accounts.mailer.to(address)).toHaveLength(2);

    const enriched = await app.inject({
      method: 'PUT',
      url: `/api/newsletter/profile/${link.emailHash}`,
      headers: { host: 'de.localhost' },
      payload: { firstName: ' Erika ', interests: ['smartphones', 'tablets', 'smartphones'] },
    });
    expect(enriched.statusCode).toBe(200);
    expect(enriched.json()).toMatchObject({ firstName: 'Erika', interests: ['smartphones', 'tablets'] });
    const profile = await app.inject({
      method: 'GET',
      url: `/api/newsletter/profile/${link.emailHash}`,
      headers: { host: 'de.localhost' },
    });
    expect(profile.json()).toMatchObject({ status: 'subscribed', firstName: 'Erika' });

    // The unsubscribe link of the welcome mail: the page's hash, upper case as an old DE link may have it.
    const unsubscribeUrl = `${TEST_ORIGIN('de')}/newsletter/unsubscribe/${link.emailHash}`;
    expect(welcome.text).toContain(unsubscribeUrl);
    // In the HTML part the footer's sentence ends in a colon and the link follows it (not a dangling colon).
    expect(welcome.html).toMatch(new RegExp(`Mit einem Klick abmelden: <a href="${unsubscribeUrl}[^"]*"[^>]*>${unsubscribeUrl}`));
    const gone = await unsubscribeCall(link.emailHash.toUpperCase());
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ status: 'unsubscribed' });
    expect((await rowOf(address))?.status).toBe('unsubscribed');
    // Repeating it is fine; the profile is no longer served.
    expect((await unsubscribeCall(link.emailHash)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/newsletter/profile/${link.emailHash}`, headers: { host: 'de.localhost' } })).statusCode,
    ).toBe(404);
    // The old confirmation link does not bring the subscription back.
    expect((await confirmCall(link)).statusCode).toBe(400);

    // Resubscribe: a new confirmation is needed; the old token does not work for it.
    expect((await subscribe(address, 'de.localhost', 'home')).statusCode).toBe(202);
    expect((await rowOf(address))?.status).toBe('pending');
    expect((await confirmCall(link)).statusCode).toBe(400);
    const again = confirmationLink(accounts.mailer.last(address).text);
    expect(again.emailHash).toBe(link.emailHash);
    expect((await confirmCall(again)).statusCode).toBe(200);
    expect(await rowOf(address)).toMatchObject({ status: 'subscribed', source: 'home' });

    const row2 = await rowOf(address);
    const events = await handle.db
      .select()
      .from(newsletterEvents)
      .where(eq(newsletterEvents.subscriberId, row2!.id))
      .orderBy(asc(newsletterEvents.id));
    expect(events.map((e) => [e.event, e.via])).toEqual([
      ['requested', 'footer'],
      ['confirmed', 'mail link'],
      ['enriched', 'profile'],
      ['unsubscribed', 'mail link'],
      ['requested', 'home'],
      ['confirmed', 'mail link'],
    ]);
    // The audit holds no IP address anywhere.
    expect(JSON.stringify(events)).not.toMatch(/127\.0\.0\.1/);
  });

  it('refuses a tampered hash, an unknown hash and a tampered token', async () => {
    const address = email();
    await subscribe(address);
    const link = confirmationLink(accounts.mailer.last(address).text);
    const last = link.emailHash.at(-1) === '0' ? '1' : '0';
    const tampered = `${link.emailHash.slice(0, -1)}${last}`;
    expect((await confirmCall({ ...link, emailHash: tampered })).statusCode).toBe(400);
    const badToken = `${link.token.slice(0, -1)}${link.token.at(-1) === '0' ? '1' : '0'}`;
    expect((await confirmCall({ ...link, token: badToken })).statusCode).toBe(400);
    expect((await rowOf(address))?.status).toBe('pending');
    expect((await confirmCall(link)).statusCode).toBe(200);

    expect((await unsubscribeCall(tampered)).statusCode).toBe(404);
    expect((await unsubscribeCall(accounts.newsletter.emailHash(email()))).statusCode).toBe(404);
    expect((await unsubscribeCall('not-a-hash')).statusCode).toBe(400);
    expect((await rowOf(address))?.status).toBe('subscribed');
    // A hash of one shop does not unsubscribe in another.
    expect((await unsubscribeCall(link.emailHash, 'es.localhost')).statusCode).toBe(404);
  });

  it('expires the confirmation link after 7 days', async () => {
    const address = email();
    await subscribe(address);
    const link = confirmationLink(accounts.mailer.last(address).text);
    accounts.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expect((await confirmCall(link)).statusCode).toBe(400);
  });

  it('answers the same for unknown, pending and subscribed addresses', async () => {
    const known = email();
    await subscribe(known);
    await confirmCall(confirmationLink(accounts.mailer.last(known).text));
    const answers = await Promise.all([subscribe(email()), subscribe(known), subscribe(known.toUpperCase())]);
    const shapes = answers.map((a) => ({ status: a.statusCode, body: a.body, type: a.headers['content-type'] }));
    expect(new Set(shapes.map((s) => JSON.stringify(s))).size).toBe(1);
    // A subscribed address gets no further confirmation mail.
    expect(accounts.mailer.to(known)).toHaveLength(2);
  });

  it('refuses an invalid address with the field and its issue code', async () => {
    const res = await subscribe('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'email', code: 'email' })]);
  });

  it('puts List-Unsubscribe with one-click on every newsletter mail and unsubscribes by the one-click POST', async () => {
    const address = email();
    await subscribe(address, 'it.localhost');
    const confirmation = accounts.mailer.last(address);
    const link = confirmationLink(confirmation.text, TEST_ORIGIN('it'));
    await confirmCall(link, 'it.localhost');
    const welcome = accounts.mailer.last(address);
    expect(welcome.subject).toBe('Benvenuto nella nostra newsletter');
    for (const mail of [confirmation, welcome]) {
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${TEST_ORIGIN('it')}/api/newsletter/unsubscribe/${link.emailHash}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(mail.text).toContain(`${TEST_ORIGIN('it')}/newsletter/unsubscribe/${link.emailHash}`);
      expect(mail.html).toContain(`${TEST_ORIGIN('it')}/newsletter/unsubscribe/${link.emailHash}`);
    }
    const oneClick = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${link.emailHash}`,
      headers: { host: 'it.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await rowOf(address, 'it'))?.status).toBe('unsubscribed');
    const [event] = await handle.db
      .select()
      .from(newsletterEvents)
      .where(eq(newsletterEvents.subscriberId, (await rowOf(address, 'it'))!.id))
      .orderBy(asc(newsletterEvents.id))
      .offset(2);
    expect(event).toMatchObject({ event: 'unsubscribed', via: 'one-click' });
  });

  it('takes the one-click POST as multipart/form-data too, as mail providers send it (RFC 8058)', async () => {
    const address = email();
    await subscribe(address);
    await confirmCall(confirmationLink(accounts.mailer.last(address).text));
    const hash = accounts.newsletter.emailHash(address);
    // A real multipart body with its boundary, as the fetch standard encodes a form.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const encoded = new Response(form);
    const oneClick = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${hash}`,
      headers: { host: 'de.localhost', 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ status: 'unsubscribed' });
    const row = await rowOf(address);
    expect(row?.status).toBe('unsubscribed');
    const events = await handle.db
      .select()
      .from(newsletterEvents)
      .where(eq(newsletterEvents.subscriberId, row!.id))
      .orderBy(asc(newsletterEvents.id));
    expect(events.at(-1)).toMatchObject({ event: 'unsubscribed', via: 'one-click' });

    // A file in the form is refused as too large a form, never a 500.
    const withFile = new FormData();
    withFile.set('List-Unsubscribe', 'One-Click');
    withFile.set('file', new Blob(['x']), 'x.txt');
    const fileEncoded = new Response(withFile);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${hash}`,
      headers: { host: 'de.localhost', 'content-type': fileEncoded.headers.get('content-type')! },
      payload: Buffer.from(await fileEncoded.arrayBuffer()),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: 'Payload Too Large' });
  });

  it('has no newsletter in Austria: every endpoint is a 404', async () => {
    const hash = accounts.newsletter.emailHash(email());
    const calls = await Promise.all([
      subscribe(email(), 'at.localhost'),
      confirmCall({ emailHash: hash, token: `1.${'0'.repeat(64)}` }, 'at.localhost'),
      unsubscribeCall(hash, 'at.localhost'),
      app.inject({ method: 'GET', url: `/api/newsletter/profile/${hash}`, headers: { host: 'at.localhost' } }),
      app.inject({ method: 'GET', url: '/api/newsletter/subscription', headers: { host: 'at.localhost' } }),
    ]);
    expect(calls.map((c) => c.statusCode)).toEqual([404, 404, 404, 404, 404]);
  });

  it('rate limits sign-ups per client and confirmation mails per address', async () => {
    const limited = testAccountServices({ rateLimits: { newsletterSignUp: { limit: 2, windowSeconds: 60 } } });
    const limitedApp = await accountTestApp(handle.db, limited);
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const res = await limitedApp.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          headers: { host: 'fr.localhost' },
          payload: { email: email(), source: 'footer' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.headers['retry-after']).toBeDefined();
      }
      expect(codes).toEqual([202, 202, 429]);
    } finally {
      await limitedApp.close();
    }
    const mails = testAccountServices({ rateLimits: { newsletterMail: { limit: 1, windowSeconds: 3600 } } });
    const mailsApp = await accountTestApp(handle.db, mails);
    try {
      const address = email();
      for (let i = 0; i < 3; i++) {
        const res = await mailsApp.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          headers: { host: 'es.localhost' },
          payload: { email: address, source: 'footer' },
        });
        expect(res.statusCode).toBe(202);
      }
      expect(mails.mailer.to(address)).toHaveLength(1);
    } finally {
      await mailsApp.close();
    }
  });

  it('exports the confirmed subscribers of a shop as CSV, formula-safe', async () => {
    const confirmedAddress = email();
    await subscribe(confirmedAddress, 'fr.localhost');
    const link = confirmationLink(accounts.mailer.last(confirmedAddress).text, TEST_ORIGIN('fr'));
    await confirmCall(link, 'fr.localhost');
    await app.inject({
      method: 'PUT',
      url: `/api/newsletter/profile/${link.emailHash}`,
      headers: { host: 'fr.localhost' },
      payload: { firstName: '=HYPERLINK("x")', interests: ['cameras', 'lenses'] },
    });
    const pendingAddress = email();
    await subscribe(pendingAddress, 'fr.localhost');
    const { csv } = await exportSubscribers(handle.db, 'fr');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,first_name,interests,source,consented_at,shop,email_hash');
    const line = lines.find((l) => l.startsWith(confirmedAddress));
    expect(line).toMatch(new RegExp(`^${confirmedAddress},"'=HYPERLINK\\(""x""\\)",cameras lenses,footer,\\d{4}-.*,fr,${link.emailHash}$`));
    expect(csv).not.toContain(pendingAddress);
  });

  it('shows and changes the logged-in customer’s subscription without a second opt-in', async () => {
    const address = email();
    const password = 'Heidestrasse 17, Köln';
    await registerAndActivate(app, accounts, { email: address, password });
    const session = await login(app, { email: address, password });
    const get = () =>
      app.inject({ method: 'GET', url: '/api/newsletter/subscription', headers: { host: 'de.localhost', ...bearer(session) } });
    const put = (subscribed: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/api/newsletter/subscription',
        headers: { host: 'de.localhost', ...bearer(session) },
        payload: { subscribed },
      });
    expect((await app.inject({ method: 'GET', url: '/api/newsletter/subscription', headers: { host: 'de.localhost' } })).statusCode).toBe(
      401,
    );
    expect((await get()).json()).toEqual({ status: 'none', emailHash: null });
    const on = await put(true);
    expect(on.json()).toEqual({ status: 'subscribed', emailHash: accounts.newsletter.emailHash(address) });
    expect(await rowOf(address)).toMatchObject({ status: 'subscribed', source: 'account' });
    expect(accounts.mailer.last(address).subject).toBe('Willkommen bei unserem Newsletter');
    expect((await put(false)).json()).toEqual({ status: 'none', emailHash: null });
    expect((await rowOf(address))?.status).toBe('unsubscribed');
  });
});
