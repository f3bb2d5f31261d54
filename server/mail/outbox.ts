// The durable mail outbox (issue 16 part 8, decision 054). A mail is a row in `mail_outbox`, written
// with the change that causes it; the worker sends due rows through the transport (SMTP, or the file
// outbox of the embedded shop) and retries a failure with exponential backoff until the last attempt,
// after which the row is 'dead' until an operator retries it. Workers claim rows with
// FOR UPDATE SKIP LOCKED and a lease, so two workers never send the same mail, and the rows of a
// worker that died are taken over once its lease ends. A sent row keeps its message for MAIL_KEPT_DAYS
// (support may send it again, decision 076); the worker clears older ones once an hour.

import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { BOOT_ID } from '../db/instances';
import type { Mailer, MailMessage } from './mailer';

/** The message as stored (JSON): attachments in base64. */
interface StoredMessage extends Omit<MailMessage, 'attachments'> {
  readonly attachments?: readonly { readonly filename: string; readonly contentType: string; readonly base64: string }[];
}

function stored({ attachments, ...message }: MailMessage): StoredMessage {
  if (!attachments) return message;
  return {
    ...message,
    attachments: attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      base64: Buffer.from(a.content).toString('base64'),
    })),
  };
}

function restored({ attachments, ...message }: StoredMessage): MailMessage {
  if (!attachments) return message;
  return {
    ...message,
    attachments: attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: new Uint8Array(Buffer.from(a.base64, 'base64')),
    })),
  };
}

/** Attempts before a mail is dead, and the backoff between them: 30 s, 1, 2, 4 … min, at most 1 h. */
export const MAIL_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Days a sent mail's message is kept for sending it again (decision 076); then recipient and subject remain. */
export const MAIL_KEPT_DAYS = 90;
const DAY_MS = 86_400_000;
/** How often the worker clears the messages of sent rows older than MAIL_KEPT_DAYS. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Why a mail cannot be sent again. */
export type ResendRefusal = 'mail_not_found' | 'mail_not_sent' | 'mail_not_kept';

export class MailResendError extends Error {
  constructor(
    readonly reason: ResendRefusal,
    readonly mailId: string,
  ) {
    super(
      {
        mail_not_found: `There is no mail ${mailId}.`,
        mail_not_sent: `The mail ${mailId} is not sent yet; only a sent mail is sent again.`,
        mail_not_kept: `The mail ${mailId} was sent more than ${MAIL_KEPT_DAYS} days ago; its message is no longer kept.`,
      }[reason],
    );
    this.name = 'MailResendError';
  }
}

/** The wait after the `attempts`-th failed attempt (1-based). */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** An error as the outbox keeps it: name, code and message, without e-mail addresses, short. */
export function describeMailError(error: unknown): string {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  return [typeof name === 'string' ? name : 'Error', typeof code === 'string' || typeof code === 'number' ? String(code) : '', text]
    .filter(Boolean)
    .join(': ')
    .replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, '[address]')
    .slice(0, 300);
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'dead';

export interface OutboxRow {
  readonly id: string;
  readonly createdAt: Date;
  readonly recipient: string;
  readonly subject: string;
  readonly status: MailStatus;
  readonly attempts: number;
  readonly nextAttemptAt: Date;
  readonly lastError: string | null;
  readonly sentAt: Date | null;
}

interface Claimed {
  readonly id: string;
  readonly attempts: number;
  readonly message: MailMessage;
}

export class MailOutbox {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Writes `message` for sending, in `tx` when given (it is sent only if that transaction commits). */
  async enqueue(message: MailMessage, tx: Database = this.db): Promise<string> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        recipient: message.to.address,
        subject: message.subject,
        message: stored(message) as unknown as Record<string, unknown>,
        nextAttemptAt: this.now(),
      })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  /**
   * Claims up to `limit` due rows for `worker` for `leaseMs`: pending rows whose time has come, and
   * rows another worker claimed but did not finish within its lease. Rows locked by a concurrent
   * claim are skipped, so no row is claimed twice.
   */
  async claim(worker: string, limit: number, leaseMs: number): Promise<Claimed[]> {
    const now = this.now();
    // One statement (no transaction round trips): the rows locked by a concurrent claim are skipped.
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
          and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        lockedBy: worker,
        lockedUntil: new Date(now.getTime() + leaseMs),
      })
      .where(inArray(mailOutbox.id, due))
      .returning({ id: mailOutbox.id, attempts: mailOutbox.attempts, message: mailOutbox.message, due: mailOutbox.nextAttemptAt });
    // UPDATE … RETURNING keeps no order: the batch goes out in the order its mails were due, so a
    // seller's mails of two quick steps (the parcel arrived, then a question) arrive in that order.
    return rows
      .sort((a, b) => a.due.getTime() - b.due.getTime())
      .filter((r) => r.message !== null)
      .map((r) => ({ id: r.id, attempts: r.attempts, message: restored(r.message as unknown as StoredMessage) }));
  }

  async markSent(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: this.now(), lockedBy: null, lockedUntil: null, lastError: null })
      .where(inArray(mailOutbox.id, [...ids]));
  }

  /** Clears the messages of rows sent more than MAIL_KEPT_DAYS ago; returns how many. */
  async prune(): Promise<number> {
    const before = new Date(this.now().getTime() - MAIL_KEPT_DAYS * DAY_MS);
    const rows = await this.db
      .update(mailOutbox)
      .set({ message: null })
      .where(and(eq(mailOutbox.status, 'sent'), lte(mailOutbox.sentAt, before), isNotNull(mailOutbox.message)))
      .returning({ id: mailOutbox.id });
    return rows.length;
  }

  /**
   * Writes a copy of the sent mail `id` as a new pending row (in `tx` when given) and returns the new
   * row's id and recipient; refuses a mail that is unknown, not sent, or whose message is no longer kept.
   */
  async resend(id: string, tx: Database = this.db): Promise<{ id: string; recipient: string; subject: string }> {
    const [row] = await tx
      .select({ status: mailOutbox.status, recipient: mailOutbox.recipient, subject: mailOutbox.subject, message: mailOutbox.message })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    if (!row) throw new MailResendError('mail_not_found', id);
    if (row.status !== 'sent') throw new MailResendError('mail_not_sent', id);
    if (row.message === null) throw new MailResendError('mail_not_kept', id);
    const [copy] = await tx
      .insert(mailOutbox)
      .values({ recipient: row.recipient, subject: row.subject, message: row.message, nextAttemptAt: this.now() })
      .returning({ id: mailOutbox.id });
    return { id: copy!.id, recipient: row.recipient, subject: row.subject };
  }

  /** A failed attempt: pending again after the backoff, or dead after the last attempt. */
  async markFailed(id: string, attempts: number, error: unknown): Promise<MailStatus> {
    const status: MailStatus = attempts >= MAIL_ATTEMPTS ? 'dead' : 'pending';
    await this.db
      .update(mailOutbox)
      .set({
        status,
        nextAttemptAt: new Date(this.now().getTime() + retryDelayMs(attempts)),
        lockedBy: null,
        lockedUntil: null,
        lastError: describeMailError(error),
      })
      .where(eq(mailOutbox.id, id));
    return status;
  }

  /** The newest rows, optionally of one status. */
  async list(options: { status?: MailStatus; limit?: number } = {}): Promise<OutboxRow[]> {
    const query = this.db
      .select({
        id: mailOutbox.id,
        createdAt: mailOutbox.createdAt,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        nextAttemptAt: mailOutbox.nextAttemptAt,
        lastError: mailOutbox.lastError,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .$dynamic();
    if (options.status) query.where(eq(mailOutbox.status, options.status));
    return query.orderBy(desc(mailOutbox.createdAt)).limit(options.limit ?? 50);
  }

  /** Makes dead rows (all, or the given ids) pending again with fresh attempts; returns how many. */
  async retry(ids?: readonly string[]): Promise<number> {
    const rows = await this.db
      .update(mailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: this.now(), lastError: null })
      .where(and(eq(mailOutbox.status, 'dead'), ids ? inArray(mailOutbox.id, [...ids]) : undefined))
      .returning({ id: mailOutbox.id });
    return rows.length;
  }

  /** Rows per status that are not sent yet (the queue depth for metrics and operators). */
  async depth(): Promise<Record<Exclude<MailStatus, 'sent'>, number>> {
    const rows = await this.db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ['pending', 'sending', 'dead']))
      .groupBy(mailOutbox.status);
    const depth = { pending: 0, sending: 0, dead: 0 };
    for (const row of rows) depth[row.status as keyof typeof depth] = Number(row.n);
    return depth;
  }
}

export interface MailWorkerOptions {
  /** How often due rows are looked for when nothing wakes the worker (retries, other processes' mail). */
  readonly pollMs?: number;
  readonly batch?: number;
  /** How long a claim holds; a worker that dies releases its rows after it. */
  readonly leaseMs?: number;
  readonly workerId?: string;
}

/** Sends the outbox's due rows through `transport`, one batch at a time. */
/** How long a wake waits, so the mails of a burst of requests go out in one batch. */
const WAKE_DELAY_MS = 50;

export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private soon = false;
  private stopped = true;
  private prunedAt = 0;
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly leaseMs: number;
  private readonly workerId: string;

  constructor(
    private readonly outbox: MailOutbox,
    private readonly transport: Mailer,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    options: MailWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.batch = options.batch ?? 10;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.workerId = options.workerId ?? BOOT_ID;
  }

  /** Starts polling (and sends what is due now). */
  start(): void {
    this.stopped = false;
    this.wake();
  }

  /**
   * Looks for due rows shortly (a mail was just written: the mails written within WAKE_DELAY_MS go
   * out in one batch, and the worker does not compete with the requests writing them), or right
   * after the batch being sent.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.soon) return;
    clearTimeout(this.timer);
    this.soon = true;
    this.timer = setTimeout(() => {
      this.soon = false;
      this.run();
    }, WAKE_DELAY_MS);
    this.timer.unref();
  }

  private run(): void {
    this.running = this.drain()
      .then(() => this.pruneWhenDue())
      .catch((error: unknown) => this.log.error({ mailError: describeMailError(error) }, 'mail worker: outbox unreachable'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), this.pollMs);
        this.timer.unref();
      });
  }

  /** Sends one batch of due rows; returns how many were attempted. */
  async runOnce(): Promise<number> {
    const claimed = await this.outbox.claim(this.workerId, this.batch, this.leaseMs);
    const sent: string[] = [];
    for (const row of claimed) {
      try {
        await this.transport.send(row.message);
        sent.push(row.id);
        this.log.info({ mailId: row.id, attempt: row.attempts }, 'mail sent');
      } catch (error) {
        const status = await this.outbox.markFailed(row.id, row.attempts, error);
        this.log.warn({ mailId: row.id, attempt: row.attempts, status, mailError: describeMailError(error) }, 'mail not sent');
      }
    }
    await this.outbox.markSent(sent);
    return claimed.length;
  }

  /** Clears the messages of old sent rows, at most once per PRUNE_EVERY_MS of this worker. */
  private async pruneWhenDue(): Promise<void> {
    const now = Date.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    const cleared = await this.outbox.prune();
    if (cleared > 0) this.log.info({ cleared, keptDays: MAIL_KEPT_DAYS }, 'mail worker: old sent messages cleared');
  }

  /** Sends batches until nothing is due. */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0);
  }

  /** Stops polling and waits for the batch being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.soon = false;
    clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * The shop's mailer: `send` writes the mail to the outbox (in the caller's transaction when given)
 * and wakes the worker; it never waits for the transport.
 */
export class OutboxMailer implements Mailer {
  constructor(
    readonly outbox: MailOutbox,
    readonly worker?: MailWorker,
    private readonly transport?: Mailer,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.outbox.enqueue(message);
    this.worker?.wake();
  }

  /** Writes `message` in the transaction `tx`; call `wake()` after it committed. */
  async enqueue(message: MailMessage, tx: Database): Promise<void> {
    await this.outbox.enqueue(message, tx);
  }

  wake(): void {
    this.worker?.wake();
  }

  /**
   * Stops the worker after its batch, sends once more what is due (the mail of the requests that
   * just finished; a failure waits for the next start), then closes the transport.
   */
  async close(): Promise<void> {
    await this.worker?.stop();
    await this.worker?.drain().catch(() => undefined);
    await this.transport?.close?.();
  }
}
