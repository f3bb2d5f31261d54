// The support inbox and lookup through the whole staff app (session, CSRF, roles) on PGlite and, with
// TEST_DATABASE_URL, PostgreSQL: listing and filtering contact messages, one message with its
// attachment, assigning, replying (the reply's mail in the outbox, in the seller's language with the
// reference in the subject), closing (a closed message refuses replies) and reopening, the audit rows,
// refused and concurrent input, the lookup by trade number, e-mail and IMEI, and sending a mail again.

import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactSubject } from '../../src/config/contact';
import type { Locale } from '../../src/config/locales';
import type { CatalogueStore } from '../catalogue/store';
import { saveContactMessage } from '../contact/service';
import type { Database, DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { auditLog } from '../db/schema/staff';
import { MAIL_KEPT_DAYS, MailOutbox } from '../mail/outbox';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { createStaffUser, signInStaff, staffHeaders, staffTestApp, type StaffSession } from '../test-support/staff';
import { createTrade } from '../test-support/trades';
import { recordInspection } from '../trades/inspection';
import { transition } from '../trades/lifecycle';

const IMEI = '490154203237518';
const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'));

describe.each(testDatabases())('support routes on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;
  let app: FastifyInstance;
  let support: StaffSession;
  let colleague: StaffSession;
  let inspector: StaffSession;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
    app = await staffTestApp(db);
    support = await signInStaff(app, db, { roles: ['support'], name: 'Susi Support' });
    colleague = await signInStaff(app, db, { roles: ['support'], name: 'Carl Colleague' });
    inspector = await signInStaff(app, db, { roles: ['inspector'] });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const call = (session: StaffSession, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: staffHeaders(session), ...(payload !== undefined && { payload: payload as object }) });

  let minute = 0;
  /** A contact message as the contact form stores it, a minute after the previous one. */
  async function message(
    input: { locale?: Locale; subject?: ContactSubject; email?: string; message?: string; attachment?: boolean } = {},
  ): Promise<string> {
    minute += 1;
    const saved = await saveContactMessage(
      db,
      {
        locale: input.locale ?? 'de',
        subject: input.subject ?? 'payment',
        name: 'Erika Mustermann',
        email: input.email ?? `seller-${randomUUID()}@example.com`,
        message: input.message ?? 'Wann kommt mein Geld?\nViele Grüße',
        business: false,
        recipient: 'service@tradein.de',
        source: 'page',
        attachments: input.attachment ? [{ filename: 'beleg.pdf', contentType: 'application/pdf', content: PDF }] : [],
      },
      new Date(Date.UTC(2026, 10, 1, 8, minute)),
    );
    return saved.reference;
  }

  const outboxRows = (ids: string[]) => db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
  const audited = (subject: string) =>
    db
      .select({ actor: auditLog.actor, action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.subject, subject))
      .orderBy(auditLog.id);

  it('lists the messages newest first, filtered by country, subject, state and assignee, a page at a time', async () => {
    const tag = `filter-${randomUUID()}`;
    const fr = await message({ locale: 'fr', subject: 'returns', message: tag });
    const de = await message({ locale: 'de', subject: 'returns', message: tag });
    const es = await message({ locale: 'es', subject: 'payment', message: tag });
    const refs = (body: { messages: { reference: string }[] }) =>
      body.messages.map((m) => m.reference).filter((r) => [fr, de, es].includes(r));

    const all = await call(support, 'GET', '/api/staff/inbox');
    expect(all.statusCode).toBe(200);
    expect(refs(all.json())).toEqual([es, de, fr]);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 25 });
    expect(all.json().messages.find((m: { reference: string }) => m.reference === fr)).toMatchObject({
      locale: 'fr',
      subject: 'returns',
      state: 'open',
      assignee: null,
      replies: 0,
      attachments: 0,
    });
    expect(refs((await call(support, 'GET', '/api/staff/inbox?locale=fr')).json())).toEqual([fr]);
    expect(refs((await call(support, 'GET', '/api/staff/inbox?subject=returns')).json())).toEqual([de, fr]);
    expect(refs((await call(support, 'GET', '/api/staff/inbox?subject=returns&locale=de')).json())).toEqual([de]);

    expect((await call(support, 'PATCH', `/api/staff/inbox/${de}`, { assignee: 'me' })).statusCode).toBe(200);
    expect((await call(support, 'PATCH', `/api/staff/inbox/${es}`, { state: 'closed' })).statusCode).toBe(200);
    expect(refs((await call(support, 'GET', '/api/staff/inbox?assignee=me')).json())).toEqual([de]);
    expect(refs((await call(colleague, 'GET', '/api/staff/inbox?assignee=me')).json())).toEqual([]);
    expect(refs((await call(support, 'GET', '/api/staff/inbox?assignee=unassigned&state=open')).json())).toEqual([fr]);
    expect(refs((await call(support, 'GET', '/api/staff/inbox?state=closed')).json())).toEqual([es]);

    const total = all.json().total as number;
    const last = Math.ceil(total / 25);
    const page = await call(support, 'GET', `/api/staff/inbox?page=${last}`);
    expect(page.json().messages).toHaveLength(total - (last - 1) * 25);
    expect((await call(support, 'GET', `/api/staff/inbox?page=${last + 1}`)).json().messages).toEqual([]);
    const wrong = await call(support, 'GET', '/api/staff/inbox?locale=xx&state=done');
    expect(wrong.statusCode).toBe(400);
  });

  it('shows a message with its attachment as a download', async () => {
    const ref = await message({ attachment: true });
    const shown = await call(support, 'GET', `/api/staff/inbox/${ref.toLowerCase()}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      reference: ref,
      message: 'Wann kommt mein Geld?\nViele Grüße',
      mailStatus: 'received',
      attachmentFiles: [{ position: 0, filename: 'beleg.pdf', contentType: 'application/pdf', size: PDF.length }],
      replyList: [],
    });
    const file = await call(support, 'GET', `/api/staff/inbox/${ref}/attachments/0`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="beleg.pdf"');
    expect(file.headers['cache-control']).toContain('no-store');
    expect(file.rawPayload.equals(Buffer.from(PDF))).toBe(true);
    const missing = await call(support, 'GET', `/api/staff/inbox/${ref}/attachments/1`);
    expect([missing.statusCode, missing.json().reason]).toEqual([404, 'message_not_found']);
  });

  it('assigns a message to me, to a colleague or to nobody, refuses a user without the support role, and audits each', async () => {
    const ref = await message();
    const mine = await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { assignee: 'me' });
    expect(mine.json().assignee).toMatchObject({ id: support.user.id, name: 'Susi Support' });
    const users = await call(support, 'GET', '/api/staff/support-users');
    expect(users.json().users.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([support.user.id, colleague.user.id]));
    expect(users.json().users.map((u: { id: string }) => u.id)).not.toContain(inspector.user.id);
    const theirs = await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { assignee: colleague.user.id });
    expect(theirs.json().assignee).toMatchObject({ id: colleague.user.id });
    const notSupport = await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { assignee: inspector.user.id });
    expect([notSupport.statusCode, notSupport.json().reason]).toEqual([400, 'not_support']);
    const disabled = await createStaffUser(db, { roles: ['support'], disabled: true });
    expect((await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { assignee: disabled.id })).json().reason).toBe('not_support');
    const nobody = await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { assignee: null });
    expect(nobody.json().assignee).toBeNull();
    expect(await audited(ref)).toEqual([
      { actor: support.user.email, action: 'support.assigned', before: { assignee: null }, after: { assignee: support.user.email } },
      {
        actor: support.user.email,
        action: 'support.assigned',
        before: { assignee: support.user.email },
        after: { assignee: colleague.user.email },
      },
      { actor: support.user.email, action: 'support.assigned', before: { assignee: colleague.user.email }, after: { assignee: null } },
    ]);
  });

  it('replies through the outbox in the seller’s language with the reference in the subject; a closed message refuses replies until reopened', async () => {
    const email = `vendeur-${randomUUID()}@example.fr`;
    const ref = await message({ locale: 'fr', subject: 'orderStatus', email, message: 'Où en est ma commande ?' });
    const replied = await call(support, 'POST', `/api/staff/inbox/${ref}/replies`, { body: '  Votre colis est arrivé hier.  ' });
    expect(replied.statusCode).toBe(201);
    const shown = replied.json();
    expect(shown.assignee).toMatchObject({ id: support.user.id });
    expect(shown.replyList).toEqual([
      expect.objectContaining({ staffName: 'Susi Support', body: 'Votre colis est arrivé hier.', mailStatus: 'pending' }),
    ]);
    const [row] = await outboxRows([shown.replyList[0].mailId]);
    expect(row).toMatchObject({ recipient: email, status: 'pending', subject: `Re : votre message ${ref}` });
    const mail = row!.message as { text: string; html: string; replyTo: { address: string }; from: { address: string } };
    expect(mail.text).toContain('Bonjour Erika Mustermann,');
    expect(mail.text).toContain(`merci pour votre message ${ref}. Voici notre réponse :`);
    expect(mail.text).toContain('Votre colis est arrivé hier.');
    expect(mail.text).toContain('> Où en est ma commande ?');
    expect(mail.text).toContain("Cordialement,\nL'équipe trade-in");
    expect(mail.html).toContain('Votre colis est arrivé hier.');
    expect(mail.replyTo.address).toBe('service@tradein.de');

    const closed = await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { state: 'closed' });
    expect(closed.json()).toMatchObject({ state: 'closed', closedBy: 'Susi Support' });
    const refused = await call(support, 'POST', `/api/staff/inbox/${ref}/replies`, { body: 'Noch etwas' });
    expect([refused.statusCode, refused.json().reason]).toEqual([409, 'message_closed']);
    const again = await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { state: 'closed' });
    expect(again.statusCode).toBe(200);
    const reopened = await call(colleague, 'PATCH', `/api/staff/inbox/${ref}`, { state: 'open' });
    expect(reopened.json()).toMatchObject({ state: 'open', closedAt: null, closedBy: null });
    expect((await call(colleague, 'POST', `/api/staff/inbox/${ref}/replies`, { body: 'Et encore.' })).statusCode).toBe(201);

    const log = await audited(ref);
    expect(log.map((entry) => [entry.actor, entry.action])).toEqual([
      [support.user.email, 'support.replied'],
      [support.user.email, 'support.closed'],
      [colleague.user.email, 'support.reopened'],
      [colleague.user.email, 'support.replied'],
    ]);
    expect(log[0]!.after).toMatchObject({ mailId: row!.id, locale: 'fr', assignee: support.user.email });
  });

  it('writes the German reply for a German message and the English one for the default shop', async () => {
    const de = await message({ locale: 'de' });
    const en = await message({ locale: 'default', message: 'Where is my money?' });
    const deMail = (await call(support, 'POST', `/api/staff/inbox/${de}/replies`, { body: 'Heute überwiesen.' })).json().replyList[0];
    const enMail = (await call(support, 'POST', `/api/staff/inbox/${en}/replies`, { body: 'Paid today.' })).json().replyList[0];
    const rows = await outboxRows([deMail.mailId, enMail.mailId]);
    const subject = (id: string) => rows.find((r) => r.id === id)!.subject;
    expect(subject(deMail.mailId)).toBe(`AW: Ihre Nachricht ${de}`);
    expect(subject(enMail.mailId)).toBe(`Re: your message ${en}`);
  });

  it('refuses invalid input with reasons, never a 500, and keeps replies and mails one to one under concurrent calls', async () => {
    const ref = await message();
    const empty = await call(support, 'POST', `/api/staff/inbox/${ref}/replies`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([expect.objectContaining({ path: 'body' })]);
    const long = await call(support, 'POST', `/api/staff/inbox/${ref}/replies`, { body: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect((await call(support, 'POST', '/api/staff/inbox/KM-2026-00000000/replies', { body: 'Hallo' })).json().reason).toBe(
      'message_not_found',
    );
    expect((await call(support, 'GET', '/api/staff/inbox/not-a-reference')).statusCode).toBe(400);
    expect((await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { assignee: 'me', state: 'closed' })).statusCode).toBe(400);
    expect((await call(support, 'PATCH', `/api/staff/inbox/${ref}`, {})).statusCode).toBe(400);
    expect((await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { assignee: 'someone' })).statusCode).toBe(400);
    expect((await call(support, 'PATCH', `/api/staff/inbox/${ref}`, { state: 'done' })).statusCode).toBe(400);

    const answers = await Promise.all([
      call(support, 'POST', `/api/staff/inbox/${ref}/replies`, { body: 'Erste Antwort' }),
      call(colleague, 'POST', `/api/staff/inbox/${ref}/replies`, { body: 'Zweite Antwort' }),
      call(colleague, 'PATCH', `/api/staff/inbox/${ref}`, { state: 'closed' }),
    ]);
    const [first, second] = answers;
    for (const answer of [first!, second!]) expect([201, 409]).toContain(answer.statusCode);
    expect(answers[2]!.statusCode).toBe(200);
    const ours = (await call(support, 'GET', `/api/staff/inbox/${ref}`)).json();
    expect(ours.state).toBe('closed');
    expect(ours.replyList).toHaveLength([first, second].filter((a) => a!.statusCode === 201).length);
    const mails = await outboxRows(ours.replyList.map((r: { mailId: string }) => r.mailId));
    expect(mails).toHaveLength(ours.replyList.length);
  });

  it('looks up by trade number, e-mail and IMEI: the trades, the customer-less seller’s mails and messages', async () => {
    const email = `lookup-${randomUUID()}@example.com`;
    const trade = await createTrade(db, store, [1300], { identity: { kind: 'guest', email } });
    await transition(db, trade.tradeNumber, 'received', undefined, new Date());
    await recordInspection(db, store, trade.tradeNumber, [{ offerId: trade.items[0]!.offerId, answers: {}, identifier: IMEI }]);
    const ref = await message({ email: email.toUpperCase() });
    const outbox = new MailOutbox(db);
    const mailId = await outbox.enqueue({
      from: { address: 'service@tradein.de' },
      to: { address: email },
      subject: `Ihr Verkauf ${trade.tradeNumber}`,
      text: 'Text',
      html: '<p>Text</p>',
    });

    for (const [q, kind] of [
      [trade.tradeNumber.toLowerCase(), 'tradeNumber'],
      [email.toUpperCase(), 'email'],
      [`${IMEI.slice(0, 5)} ${IMEI.slice(5)}`, 'identifier'],
    ] as const) {
      const found = await call(support, 'GET', `/api/staff/lookup?q=${encodeURIComponent(q)}`);
      expect([q, found.statusCode]).toEqual([q, 200]);
      const answer = found.json();
      expect(answer.kind).toBe(kind);
      expect(answer.trades).toEqual([
        expect.objectContaining({
          tradeNumber: trade.tradeNumber,
          sellerEmail: email,
          sellerName: 'Erika Mustermann',
          status: 'inspected',
        }),
      ]);
      expect(answer.customers).toEqual([]);
      expect(answer.messages).toEqual([expect.objectContaining({ reference: ref, state: 'open' })]);
      expect(answer.mails).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: mailId, status: 'pending', resendable: false, recipient: email })]),
      );
    }
    const nothing = await call(support, 'GET', `/api/staff/lookup?q=${encodeURIComponent('nobody@example.com')}`);
    expect(nothing.json()).toEqual({ kind: 'email', trades: [], customers: [], messages: [], mails: [] });
    for (const q of ['', 'x', 'a@@b', 'TR-', '123456789012345'])
      expect([q, (await call(support, 'GET', `/api/staff/lookup?q=${encodeURIComponent(q)}`)).statusCode]).toEqual([q, 400]);
    expect((await call(support, 'GET', '/api/staff/lookup?q=x')).json().reason).toBe('invalid_query');
  });

  it('sends a sent mail again as a new pending copy (audited), and refuses an unknown, unsent or no longer kept one', async () => {
    let clock = Date.now();
    const outbox = new MailOutbox(db, () => new Date(clock));
    const email = `resend-${randomUUID()}@example.com`;
    const id = await outbox.enqueue({
      from: { address: 'service@tradein.de' },
      to: { address: email },
      subject: 'Ihr Label',
      text: 'T',
      html: '<p>T</p>',
    });
    const pending = await call(support, 'POST', `/api/staff/mails/${id}/resend`, {});
    expect([pending.statusCode, pending.json().reason]).toEqual([409, 'mail_not_sent']);
    await outbox.markSent([id]);
    const lookedUp = (await call(support, 'GET', `/api/staff/lookup?q=${email}`)).json();
    expect(lookedUp.mails).toEqual([expect.objectContaining({ id, status: 'sent', resendable: true })]);

    const resent = await call(support, 'POST', `/api/staff/mails/${id}/resend`, {});
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toMatchObject({ recipient: email, subject: 'Ihr Label' });
    const [original, copy] = await outboxRows([id, resent.json().id]).then((rows) => [
      rows.find((r) => r.id === id)!,
      rows.find((r) => r.id !== id)!,
    ]);
    expect(copy).toMatchObject({ status: 'pending', recipient: email, subject: 'Ihr Label', attempts: 0, message: original!.message });
    expect(await audited(email)).toEqual([
      { actor: support.user.email, action: 'support.mail_resent', before: { mailId: id }, after: { mailId: resent.json().id } },
    ]);

    clock += (MAIL_KEPT_DAYS + 1) * 86_400_000;
    await outbox.prune();
    const gone = await call(support, 'POST', `/api/staff/mails/${id}/resend`, {});
    expect([gone.statusCode, gone.json().reason]).toEqual([409, 'mail_not_kept']);
    const unknown = await call(support, 'POST', `/api/staff/mails/${randomUUID()}/resend`, {});
    expect([unknown.statusCode, unknown.json().reason]).toEqual([404, 'mail_not_found']);
    expect((await call(support, 'POST', '/api/staff/mails/nonsense/resend', {})).statusCode).toBe(400);
  });

  it('is the support role’s: an inspector is refused', async () => {
    const ref = await message();
    for (const [method, url] of [
      ['GET', '/api/staff/inbox'],
      ['POST', `/api/staff/inbox/${ref}/replies`],
      ['GET', '/api/staff/lookup?q=x@example.com'],
    ] as const) {
      const refused = await call(inspector, method, url, method === 'POST' ? { body: 'Hallo' } : undefined);
      expect([url, refused.statusCode, refused.json().reason]).toEqual([url, 403, 'forbidden']);
    }
  });
});
