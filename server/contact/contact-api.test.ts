// The contact form through fastify.inject on PGlite (and PostgreSQL with TEST_DATABASE_URL): each
// field's edge, the attachment limits (size, count, content sniffing), the spam rules (honeypot,
// time-to-submit, per-IP limit), what is stored, and the two mails per locale and recipient.

import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../src/contracts/contact';
import { MemoryRateLimiter } from '../http/rate-limit';
import type { DatabaseHandle } from '../db/client';
import { contactAttachments, contactMessages } from '../db/schema/contact';
import type { MailMessage } from '../mail/mailer';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import type { ContactServices } from './services';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The start of a Windows executable ("MZ" … "PE"). */
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, ...new Array(44).fill(0), 0x80, 0, 0, 0]);

const padded = (head: Uint8Array, size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};

interface FileInput {
  readonly name: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly type?: string;
}

const VALID = { subject: 'payment', name: 'Erika Mustermann', email: 'erika@example.org', message: 'Wann wird mein Geld überwiesen?' };

describe.each(testDatabases())('contact form on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let now = Date.parse('2026-11-24T08:00:00Z');
  const sent: MailMessage[] = [];
  const services: ContactServices = {
    mailer: { send: async (message) => void sent.push(message) },
    limiter: new MemoryRateLimiter(() => now),
    ticketSecret: 'test-contact-secret-test-contact-secret',
    now: () => now,
    rateLimits: { contactSend: { limit: 1000, windowSeconds: 600 } },
  };
  let client = 0;

  beforeAll(async () => {
    handle = await database.open();
    app = await testApp({ ...(await fixtureServices(handle.db)), contact: services });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });
  beforeEach(() => {
    sent.length = 0;
    client++;
  });

  const ip = () => `198.51.100.${client % 250}`;

  async function ticket(host = 'de.localhost'): Promise<string> {
    const response = await app.inject({ method: 'GET', url: '/api/contact/ticket', headers: { host }, remoteAddress: ip() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    return response.json<{ ticket: string }>().ticket;
  }

  /** Posts the form as a browser would (multipart/form-data); the ticket is taken `waitMs` before. */
  async function post(
    fields: Record<string, string>,
    options: { files?: FileInput[]; host?: string; waitMs?: number; ticket?: string; remoteAddress?: string } = {},
  ) {
    const host = options.host ?? 'de.localhost';
    const form = new FormData();
    form.set('ticket', options.ticket ?? (await ticket(host)));
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const file of options.files ?? []) form.append('attachments', new Blob([file.bytes], { type: file.type ?? '' }), file.name);
    now += options.waitMs ?? 5000;
    const body = new Response(form);
    return app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { host, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
      remoteAddress: options.remoteAddress ?? ip(),
    });
  }

  const fieldsOf = (response: { json: <T>() => T }) =>
    response.json<{ fields: { path: string; code: string }[] }>().fields.map((f) => `${f.path}:${f.code}`);

  describe('fields', () => {
    it('accepts a complete message: 202 with a reference, stored, two mails', async () => {
      const response = await post({ ...VALID, tradeNumber: ' tr-2026-000123 ' });
      expect(response.statusCode).toBe(202);
      const { reference } = response.json<{ reference: string }>();
      expect(reference).toMatch(/^KM-2026-[0-9A-F]{8}$/);
      const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.reference, reference));
      expect(row).toMatchObject({ locale: 'de', subject: 'payment', tradeNumber: 'TR-2026-000123', status: 'mailed', source: 'page' });
      expect(sent.map((m) => m.to.address)).toEqual(['service@tradein.de', 'erika@example.org']);
    });

    it.each([
      ['subject missing', { subject: undefined }, 'subject:required'],
      ['subject unknown', { subject: 'refund' }, 'subject:invalid'],
      ['name empty', { name: '   ' }, 'name:required'],
      ['name over 100 characters', { name: 'x'.repeat(CONTACT_LIMITS.name + 1) }, 'name:tooLong'],
      ['name with a line break', { name: 'Erika\r\nBcc: x@example.org' }, 'name:invalid'],
      ['e-mail missing', { email: undefined }, 'email:required'],
      ['e-mail not an address', { email: 'erika@' }, 'email:email'],
      ['e-mail over 254 characters', { email: `${'e'.repeat(250)}@example.org` }, 'email:tooLong'],
      ['trade number of another format', { tradeNumber: 'TR-2026-12345' }, 'tradeNumber:tradeNumber'],
      ['trade number without prefix', { tradeNumber: '2026-000123' }, 'tradeNumber:tradeNumber'],
      ['message empty', { message: '' }, 'message:required'],
      ['message over 5000 characters', { message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, 'message:tooLong'],
    ])('refuses %s with its code', async (_case, change, expected) => {
      const fields = Object.fromEntries(
        Object.entries({ ...VALID, ...change }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const response = await post(fields);
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual([expected]);
      expect(sent).toEqual([]);
    });

    it('accepts the longest name and message, and no trade number', async () => {
      const response = await post({
        ...VALID,
        name: 'n'.repeat(CONTACT_LIMITS.name),
        message: 'm'.repeat(CONTACT_LIMITS.message),
        tradeNumber: '',
      });
      expect(response.statusCode).toBe(202);
    });

    it('answers 400, never 500, for a body that is not a form', async () => {
      const json = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { host: 'de.localhost' },
        payload: VALID,
        remoteAddress: ip(),
      });
      expect(json.statusCode).toBe(400);
      const broken = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { host: 'de.localhost', 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nErika',
        remoteAddress: ip(),
      });
      expect(broken.statusCode).toBe(400);
    });
  });

  describe('attachments', () => {
    it('takes up to three images or PDFs, named by their real type, stored and attached to the desk mail only', async () => {
      const response = await post(VALID, {
        files: [
          { name: 'display.png', bytes: PNG, type: 'image/png' },
          { name: 'C:\\Users\\erika\\foto', bytes: JPEG },
          { name: 'Rechnung.pdf', bytes: PDF, type: 'application/pdf' },
        ],
      });
      expect(response.statusCode).toBe(202);
      const { reference } = response.json<{ reference: string }>();
      const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.reference, reference));
      const stored = await handle.db.select().from(contactAttachments).where(eq(contactAttachments.messageId, row!.id));
      expect(stored.map((a) => [a.filename, a.contentType, a.size])).toEqual([
        ['display.png', 'image/png', PNG.length],
        ['foto.jpg', 'image/jpeg', JPEG.length],
        ['Rechnung.pdf', 'application/pdf', PDF.length],
      ]);
      expect(Buffer.from(stored[2]!.content).toString('latin1')).toBe(Buffer.from(PDF).toString('latin1'));
      expect(sent[0]!.attachments?.map((a) => a.filename)).toEqual(['display.png', 'foto.jpg', 'Rechnung.pdf']);
      expect(sent[1]!.attachments ?? []).toEqual([]);
    });

    it('refuses a fourth attachment', async () => {
      const files = [1, 2, 3, 4].map((n) => ({ name: `foto-${n}.png`, bytes: PNG }));
      const response = await post(VALID, { files });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual(['attachments:tooManyAttachments']);
    });

    it('takes a file of exactly 5 MB and refuses one byte more', async () => {
      const limit = CONTACT_LIMITS.attachmentBytes;
      expect((await post(VALID, { files: [{ name: 'big.png', bytes: padded(PNG, limit) }] })).statusCode).toBe(202);
      const response = await post(VALID, {
        files: [
          { name: 'ok.pdf', bytes: PDF },
          { name: 'huge.png', bytes: padded(PNG, limit + 1) },
        ],
      });
      expect(response.body).toContain('attachmentTooLarge');
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual(['attachments.1:attachmentTooLarge']);
    });

    it('refuses a program renamed to .jpg (judged by its content, not its name or type)', async () => {
      const response = await post(VALID, { files: [{ name: 'photo.jpg', bytes: EXE, type: 'image/jpeg' }] });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual(['attachments.0:attachmentType']);
      const text = await post(VALID, { files: [{ name: 'notes.pdf', bytes: new TextEncoder().encode('just text') }] });
      expect(fieldsOf(text)).toEqual(['attachments.0:attachmentType']);
      expect(sent).toEqual([]);
    });
  });

  describe('spam rules', () => {
    const stored = async () => (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n;

    it('answers a filled honeypot like a person and keeps and sends nothing', async () => {
      const before = await stored();
      const response = await post({ ...VALID, website: 'https://spam.example' });
      expect(response.statusCode).toBe(202);
      expect(response.json<{ reference: string }>().reference).toMatch(/^KM-/);
      expect(await stored()).toBe(before);
      expect(sent).toEqual([]);
    });

    it('refuses a form sent sooner than a person can fill it in, and takes it once the time has passed', async () => {
      const early = await ticket();
      const fast = await post(VALID, { ticket: early, waitMs: 1000 });
      expect(fast.statusCode).toBe(400);
      expect(fieldsOf(fast)).toEqual(['ticket:tooFast']);
      expect((await post(VALID, { ticket: early, waitMs: 2500 })).statusCode).toBe(202);
    });

    it('refuses a forged, a missing and an expired ticket', async () => {
      const forged = await post(VALID, { ticket: `${now - 60_000}.bm90LWEtc2lnbmF0dXJl` });
      expect(fieldsOf(forged)).toEqual(['ticket:invalid']);
      const old = await ticket();
      now += 25 * 3600_000;
      expect(fieldsOf(await post(VALID, { ticket: old }))).toEqual(['ticket:invalid']);
      const form = new FormData();
      for (const [k, v] of Object.entries(VALID)) form.set(k, v);
      const body = new Response(form);
      const missing = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { host: 'de.localhost', 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
        remoteAddress: ip(),
      });
      expect(missing.statusCode).toBe(400);
      expect(fieldsOf(missing)).toEqual(['ticket:required']);
    });

    it('limits messages per client address (429 with Retry-After) without counting other addresses', async () => {
      const strict = await testApp(
        { ...(await fixtureServices(handle.db)), contact: { ...services, rateLimits: { contactSend: { limit: 2, windowSeconds: 600 } } } },
        { trustProxy: false },
      );
      try {
        const send = async (remoteAddress: string) => {
          const t = (
            await strict.inject({ method: 'GET', url: '/api/contact/ticket', headers: { host: 'de.localhost' }, remoteAddress })
          ).json<{ ticket: string }>().ticket;
          now += 5000;
          const form = new FormData();
          for (const [k, v] of Object.entries({ ...VALID, ticket: t })) form.set(k, v);
          const body = new Response(form);
          return strict.inject({
            method: 'POST',
            url: '/api/contact',
            headers: { host: 'de.localhost', 'content-type': body.headers.get('content-type')! },
            payload: Buffer.from(await body.arrayBuffer()),
            remoteAddress,
          });
        };
        expect((await send('203.0.113.7')).statusCode).toBe(202);
        expect((await send('203.0.113.7')).statusCode).toBe(202);
        const third = await send('203.0.113.7');
        expect(third.statusCode).toBe(429);
        expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
        expect((await send('203.0.113.8')).statusCode).toBe(202);
        now += 601_000;
        expect((await send('203.0.113.7')).statusCode).toBe(202);
      } finally {
        await strict.close();
      }
    });
  });

  describe('mails', () => {
    it.each([
      [
        'de.localhost',
        'service@tradein.de',
        /^\[Kontakt KM-2026-\w+\] Fragen zur Auszahlung: Erika Mustermann$/,
        /^Wir haben Ihre Nachricht erhalten/,
      ],
      [
        'es.localhost',
        'servicio@tradein.es',
        /^\[Contacto KM-2026-\w+\] Preguntas sobre el pago: Erika Mustermann$/,
        /^Hemos recibido tu mensaje/,
      ],
      [
        'it.localhost',
        'servizio@tradein.it',
        /^\[Contatto KM-2026-\w+\] Domande sul pagamento: Erika Mustermann$/,
        /^Abbiamo ricevuto il tuo messaggio/,
      ],
      [
        'fr.localhost',
        'service@tradein.fr',
        /^\[Contact KM-2026-\w+\] Questions sur le paiement : Erika Mustermann$/,
        /^Nous avons bien reçu/,
      ],
      [
        'at.localhost',
        'service@tradein.at',
        /^\[Kontakt KM-2026-\w+\] Fragen zur Auszahlung: Erika Mustermann$/,
        /^Wir haben Ihre Nachricht erhalten/,
      ],
    ])('%s: the desk mail to %s, Reply-To the sender, and a localized acknowledgment', async (host, desk, deskSubject, ackSubject) => {
      const response = await post({ ...VALID, tradeNumber: 'TR-2026-000042' }, { host });
      expect(response.statusCode).toBe(202);
      const { reference } = response.json<{ reference: string }>();
      const [staff, ack] = sent;
      expect(staff!.to.address).toBe(desk);
      expect(staff!.replyTo).toEqual({ name: 'Erika Mustermann', address: 'erika@example.org' });
      expect(staff!.subject).toMatch(deskSubject);
      expect(staff!.text).toContain('TR-2026-000042');
      expect(staff!.text).toContain(VALID.message);
      expect(ack!.to.address).toBe('erika@example.org');
      expect(ack!.from.address).toBe(staff!.from.address);
      expect(ack!.subject).toMatch(ackSubject);
      expect(ack!.subject).toContain(reference);
      expect(ack!.text).toContain(VALID.message);
    });

    it('sends a business message to the partner desk in DE, and to the contact address where there is none (AT)', async () => {
      await post({ ...VALID, business: 'true' }, { host: 'de.localhost' });
      expect(sent[0]!.to.address).toBe('partner@tradein.de');
      expect(sent[0]!.text).toContain('Geschäftskunden-Ankauf: ja');
      sent.length = 0;
      await post({ ...VALID, business: 'true' }, { host: 'at.localhost' });
      expect(sent[0]!.to.address).toBe('service@tradein.at');
      sent.length = 0;
      await post({ ...VALID, business: 'false' }, { host: 'de.localhost' });
      expect(sent[0]!.to.address).toBe('service@tradein.de');
    });

    it('escapes what the sender typed in the HTML part', async () => {
      await post({ ...VALID, name: '<b>Erika</b>', message: '<script>alert(1)</script> & more' });
      for (const mail of sent) {
        expect(mail.html).not.toContain('<script>');
        expect(mail.html).not.toContain('<b>Erika');
      }
      expect(sent[0]!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    });

    it('keeps the message when the mail fails (status mailFailed) and still answers 202', async () => {
      const failing = await testApp({
        ...(await fixtureServices(handle.db)),
        contact: { ...services, mailer: { send: async () => Promise.reject(new Error('SMTP down')) } },
      });
      try {
        const t = (
          await failing.inject({ method: 'GET', url: '/api/contact/ticket', headers: { host: 'de.localhost' }, remoteAddress: ip() })
        ).json<{ ticket: string }>().ticket;
        now += 5000;
        const form = new FormData();
        for (const [k, v] of Object.entries({ ...VALID, ticket: t })) form.set(k, v);
        const body = new Response(form);
        const response = await failing.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { host: 'de.localhost', 'content-type': body.headers.get('content-type')! },
          payload: Buffer.from(await body.arrayBuffer()),
          remoteAddress: ip(),
        });
        expect(response.statusCode).toBe(202);
        const [row] = await handle.db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.reference, response.json<{ reference: string }>().reference));
        expect(row!.status).toBe('mailFailed');
      } finally {
        await failing.close();
      }
    });
  });
});
