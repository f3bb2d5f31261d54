// Mail as infrastructure, from configuration: the transport (the file outbox in DATA_DIR/mail, or SMTP
// when SMTP_URL is set), with a database the durable outbox table and its worker (decision 054), each
// shop's configured public origin for links, and whether the developer mailbox is served. It knows no
// domain: the domains compose their own mails and links and hand them to `mailer`.

import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Brand } from '../../src/config/brands';
import type { Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import type { ServerConfig } from '../platform/config';
import { publicOriginResolver, type PublicOrigins } from '../platform/origins';
import { DEFAULT_DATA_DIR } from '../platform/paths';
import { drainingMailer } from './draining-mailer';
import { FileOutbox } from './file-outbox';
import type { Mailer } from './mailer';
import { MailOutbox, MailWorker, OutboxMailer } from './outbox';
import { SmtpMailer } from './smtp';

export interface MailServices {
  readonly mailer: Mailer;
  /** The shop's origin for absolute links in mail (PUBLIC_ORIGINS, never a request's Host); the sister brand's for its trades (decision 033). */
  readonly publicOrigin: (locale: Locale, brand?: Brand) => string;
  /** The file outbox the developer mailbox lists; absent when mail goes out by SMTP. */
  readonly outbox?: FileOutbox;
  /** The durable outbox table and its worker (absent in the worker process's own `MAIL_WORKER=off` shop). */
  readonly mailQueue?: { readonly outbox: MailOutbox; readonly worker?: MailWorker };
  /** GET /dev/mailbox is served (development and test, or DEV_MAILBOX=1). */
  readonly devMailbox: boolean;
}

/** The settings read here (server/platform/config.ts documents them); a ServerConfig fits. */
export interface MailConfig {
  readonly NODE_ENV: ServerConfig['NODE_ENV'];
  readonly PORT: number;
  readonly DATA_DIR?: string;
  readonly SMTP_URL?: string;
  readonly SMTP_STARTTLS?: ServerConfig['SMTP_STARTTLS'];
  readonly SMTP_CA_FILE?: string;
  readonly PUBLIC_ORIGINS?: PublicOrigins;
  readonly DEV_MAILBOX?: boolean;
  /** `off`: this process writes mail to the outbox table but another process sends it. */
  readonly MAIL_WORKER?: 'inline' | 'off';
}

/** With a database the mailer is the durable outbox; the worker starts with `mailQueue.worker.start()`. */
export interface MailQueueOptions {
  readonly db: Database;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export const mailOutboxDir = (dataDir: string) => join(dataDir, 'mail');

export function createMailServices(config: MailConfig, queue?: MailQueueOptions): MailServices {
  const dataDir = config.DATA_DIR ?? DEFAULT_DATA_DIR;
  const outbox = config.SMTP_URL ? undefined : new FileOutbox(mailOutboxDir(dataDir));
  const transport = config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, { startTls: config.SMTP_STARTTLS ?? 'opportunistic', caFile: config.SMTP_CA_FILE })
    : outbox!;
  const mailQueue = queue && createMailQueue(queue, transport, config.MAIL_WORKER ?? 'inline');
  return {
    // Without the outbox table (tests of the transport): mails still being sent when the server shuts
    // down are finished first (server/platform/shutdown.ts).
    mailer: mailQueue ? new OutboxMailer(mailQueue.outbox, mailQueue.worker, transport) : drainingMailer(transport),
    ...(mailQueue && { mailQueue }),
    publicOrigin: publicOriginResolver(config.PUBLIC_ORIGINS ?? {}, config.PORT),
    ...(outbox ? { outbox } : {}),
    devMailbox: config.NODE_ENV !== 'production' || config.DEV_MAILBOX === true,
  };
}

function createMailQueue(queue: MailQueueOptions, transport: Mailer, where: 'inline' | 'off') {
  const outbox = new MailOutbox(queue.db);
  return { outbox, ...(where === 'inline' && { worker: new MailWorker(outbox, transport, queue.log) }) };
}
