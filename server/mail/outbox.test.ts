// The durable mail outbox (issue 16 part 8) on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// a written mail is sent once, a failure is retried after a growing wait and is dead after the last
// attempt until an operator retries it, a mail written in a rolled-back transaction never goes out,
// two workers never claim the same row, and a dead worker's rows are taken over after its lease.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { CapturingMailer } from '../test-support/accounts';
import { testDatabases } from '../test-support/databases';
import type { MailMessage } from './mailer';
import {
  describeMailError,
  MAIL_ATTEMPTS,
  MAIL_KEPT_DAYS,
  MailOutbox,
  type MailResendError,
  MailWorker,
  OutboxMailer,
  retryDelayMs,
} from './outbox';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const mail = (to: string, attachment?: Uint8Array): MailMessage => ({
  from: { address: 'service@tradein.example', name: 'tradein' },
  to: { address: to },
  subject: `Hallo ${to}`,
  text: 'Text',
  html: '<p>Text</p>',
  ...(attachment && { attachments: [{ filename: 'photo.jpg', contentType: 'image/jpeg', content: attachment }] }),
});

describe('retry timing and error text', () => {
  it('waits 30 s after the first failure, doubling up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('keeps name, code and message of an error but no e-mail address', () => {
    const error = Object.assign(new Error('550 mailbox erika@example.com unavailable'), { code: 'EENVELOPE' });
    expect(describeMailError(error)).toBe('Error: EENVELOPE: 550 mailbox [address] unavailable');
  });
});

describe.each(testDatabases())('the mail outbox on $name', (database) => {
  let handle: DatabaseHandle;
  let clock: number;
  let outbox: MailOutbox;
  let transport: CapturingMailer;
  let worker: MailWorker;

  beforeAll(async () => {
    handle = await database.open();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.delete(mailOutbox);
    clock = Date.parse('2026-11-24T10:00:00Z');
    outbox = new MailOutbox(handle.db, () => new Date(clock));
    transport = new CapturingMailer();
    worker = new MailWorker(outbox, transport, quiet, { workerId: 'worker-a', leaseMs: 60_000 });
  });

  const rows = () => handle.db.select().from(mailOutbox);

  it('sends a written mail once, with its attachment, and keeps its message for MAIL_KEPT_DAYS only', async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01]);
    await new OutboxMailer(outbox).send(mail('erika@example.com', photo));
    expect(await outbox.depth()).toEqual({ pending: 1, sending: 0, dead: 0 });

    expect(await worker.runOnce()).toBe(1);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]!.subject).toBe('Hallo erika@example.com');
    expect([...transport.sent[0]!.attachments![0]!.content]).toEqual([...photo]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, recipient: 'erika@example.com' });
    expect(row!.message).toMatchObject({ subject: 'Hallo erika@example.com' });
    expect(await worker.runOnce()).toBe(0);
    expect(transport.sent).toHaveLength(1);

    clock += MAIL_KEPT_DAYS * 86_400_000 - 1;
    expect(await outbox.prune()).toBe(0);
    clock += 1;
    expect(await outbox.prune()).toBe(1);
    const [pruned] = await rows();
    expect(pruned).toMatchObject({ status: 'sent', message: null, recipient: 'erika@example.com', subject: 'Hallo erika@example.com' });
  });

  it('sends a sent mail again as a new pending copy, and refuses an unknown, unsent or pruned one', async () => {
    const pending = await outbox.enqueue(mail('erika@example.com'));
    const refusal = (id: string) =>
      outbox.resend(id).then(
        () => 'sent again',
        (error: MailResendError) => error.reason,
      );
    expect(await refusal(pending)).toBe('mail_not_sent');
    expect(await refusal('00000000-0000-4000-8000-000000000000')).toBe('mail_not_found');
    await worker.runOnce();
    const copy = await outbox.resend(pending);
    expect(copy).toMatchObject({ recipient: 'erika@example.com', subject: 'Hallo erika@example.com' });
    expect(await worker.runOnce()).toBe(1);
    expect(transport.to('erika@example.com')).toHaveLength(2);
    expect(transport.sent[1]!.text).toBe(transport.sent[0]!.text);
    clock += (MAIL_KEPT_DAYS + 1) * 86_400_000;
    expect(await outbox.prune()).toBe(2);
    expect(await refusal(copy.id)).toBe('mail_not_kept');
  });

  it('retries a failure after the backoff, is dead after the last attempt, and sends after an operator retry', async () => {
    await outbox.enqueue(mail('max@example.com'));
    transport.failWith = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });

    expect(await worker.runOnce()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25' });
    expect(row!.nextAttemptAt.getTime()).toBe(clock + 30_000);

    clock += 29_999;
    expect(await worker.runOnce()).toBe(0);
    clock += 1;
    expect(await worker.runOnce()).toBe(1);
    for (let attempt = 3; attempt <= MAIL_ATTEMPTS; attempt++) {
      clock += retryDelayMs(attempt - 1);
      expect(await worker.runOnce()).toBe(1);
    }
    [row] = await rows();
    expect(row).toMatchObject({ status: 'dead', attempts: MAIL_ATTEMPTS });
    clock += 24 * 3_600_000;
    expect(await worker.runOnce()).toBe(0);
    expect(await outbox.depth()).toEqual({ pending: 0, sending: 0, dead: 1 });
    expect((await outbox.list({ status: 'dead' })).map((r) => r.recipient)).toEqual(['max@example.com']);

    transport.failWith = undefined;
    expect(await outbox.retry()).toBe(1);
    expect(await worker.runOnce()).toBe(1);
    expect(transport.to('max@example.com')).toHaveLength(1);
    expect((await rows())[0]!.status).toBe('sent');
  });

  it('retries only the dead rows named, and none that are not dead', async () => {
    const a = await outbox.enqueue(mail('a@example.com'));
    const b = await outbox.enqueue(mail('b@example.com'));
    await handle.db.update(mailOutbox).set({ status: 'dead' });
    expect(await outbox.retry([a])).toBe(1);
    expect(await outbox.retry([a])).toBe(0);
    const status = Object.fromEntries((await rows()).map((r) => [r.id, r.status]));
    expect(status).toEqual({ [a]: 'pending', [b]: 'dead' });
  });

  it('never sends a mail written in a transaction that rolled back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await new OutboxMailer(outbox).enqueue(mail('rolled@example.com'), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await handle.db.transaction(async (tx) => {
      await new OutboxMailer(outbox).enqueue(mail('kept@example.com'), tx);
    });
    await worker.drain();
    expect(transport.sent.map((m) => m.to.address)).toEqual(['kept@example.com']);
  });

  it('sends a batch in the order its mails were written', async () => {
    for (let i = 0; i < 8; i++) {
      await outbox.enqueue(mail(`step-${i}@example.com`));
      clock += 1;
    }
    await worker.drain();
    expect(transport.sent.map((m) => m.to.address)).toEqual([...Array(8).keys()].map((i) => `step-${i}@example.com`));
  });

  it('gives every row to one worker only when two claim at the same time', async () => {
    for (let i = 0; i < 20; i++) await outbox.enqueue(mail(`seller-${i}@example.com`));
    const [a, b] = await Promise.all([outbox.claim('worker-a', 20, 60_000), outbox.claim('worker-b', 20, 60_000)]);
    const ids = [...a!, ...b!].map((row) => row.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await outbox.claim('worker-c', 20, 60_000)).toEqual([]);
  });

  it("takes over a dead worker's rows when its lease ends, not before", async () => {
    const id = await outbox.enqueue(mail('lease@example.com'));
    expect(await outbox.claim('crashed-worker', 10, 60_000)).toHaveLength(1);
    clock += 59_000;
    expect(await worker.runOnce()).toBe(0);
    clock += 1_000;
    expect(await worker.runOnce()).toBe(1);
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(transport.to('lease@example.com')).toHaveLength(1);
  });

  it('sends what is written while it runs, woken by the mailer, and stops after its batch', async () => {
    const running = new MailWorker(outbox, transport, quiet, { pollMs: 60_000 });
    const mailer = new OutboxMailer(outbox, running);
    running.start();
    await mailer.send(mail('woken@example.com'));
    await expect.poll(() => transport.to('woken@example.com').length).toBe(1);
    await mailer.close();
    await mailer.send(mail('after-close@example.com'));
    expect(await outbox.depth()).toEqual({ pending: 1, sending: 0, dead: 0 });
  });
});
