// The embedded mail "server": one .eml file per message in DATA_DIR/mail, named by the time it was
// written (so names sort by time), readable by any mail program and by the developer mailbox.

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './mailer';
import { composeMessage, parseMessage, type ParsedMessage } from './message';

/** `20260115T081231123Z-1a2b3c4d.eml`: UTC time to the millisecond, then 4 random bytes. */
export const OUTBOX_FILE_NAME = /^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/;

export function outboxFileName(date: Date): string {
  return `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}.eml`;
}

export interface OutboxEntry {
  readonly file: string;
  readonly date: string;
  readonly to: string;
  readonly subject: string;
}

export class FileOutbox implements Mailer {
  constructor(
    readonly dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const date = this.now();
    const name = outboxFileName(date);
    const domain = message.from.address.split('@')[1] ?? 'localhost';
    const raw = await composeMessage(message, { date, messageId: `${randomUUID()}@${domain}` });
    // Written under a hidden name, then renamed: the mailbox never sees half a message.
    const draft = join(this.dir, `.${name}.tmp`);
    await writeFile(draft, raw, { flag: 'wx', mode: 0o600 });
    try {
      await rename(draft, join(this.dir, name));
    } catch (error) {
      await unlink(draft).catch(() => undefined);
      throw error;
    }
  }

  /** The newest `limit` messages, newest first. */
  async list(limit = 200): Promise<OutboxEntry[]> {
    const names = await this.files();
    const newest = names.sort().reverse().slice(0, limit);
    const entries = await Promise.all(
      newest.map(async (file) => {
        const message = await this.read(file);
        return message && { file, date: message.date, to: message.to, subject: message.subject };
      }),
    );
    return entries.filter((entry): entry is OutboxEntry => entry !== undefined);
  }

  /** One message by its file name; undefined for names that are not outbox files, or gone. */
  async read(file: string): Promise<ParsedMessage | undefined> {
    if (!OUTBOX_FILE_NAME.test(file)) return undefined;
    try {
      return await parseMessage(await readFile(join(this.dir, file)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private async files(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => OUTBOX_FILE_NAME.test(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
