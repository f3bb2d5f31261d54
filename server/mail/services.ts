// Shipping services of the API, from configuration: the label links (with their secret), the mailer
// (with a database: the durable outbox table and its worker, decision 054; the transport is the file
// outbox in DATA_DIR/mail, or SMTP when SMTP_URL is set), each shop's public origin for links in mail,
// and whether the developer mailbox is served.

import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Locale } from '../../src/config/locales';
import { createClarificationLinks, type ClarificationLinks } from '../clarifications/links';
import { createReviewLinks, type ReviewLinks } from '../reviews/links';
import type { ServerConfig } from '../platform/config';
import { createLabelLinks, loadLabelSecret, type LabelLinks } from '../labels/links';
import { DEFAULT_DATA_DIR } from '../platform/paths';
import { createOfferShareTokens, type OfferShareTokens } from '../offers/share-token';
import { createCartHoldStopLinks, type CartHoldStopLinks } from '../offers/cart-holds';
import { FileOutbox } from './file-outbox';
import type { Mailer } from './mailer';
import { MailOutbox, MailWorker, OutboxMailer } from './outbox';
import { drainingMailer } from './draining-mailer';
import type { Brand } from '../../src/config/brands';
import { publicOriginResolver, type PublicOrigins } from '../platform/origins';
import { SmtpMailer } from './smtp';

export interface ShippingServices {
  readonly labels: LabelLinks;
  /** Clarification links, signed with the label secret (server/clarifications/links.ts). */
  readonly clarifications: ClarificationLinks;
  /** Review request links, signed with the label secret (server/reviews/links.ts). */
  readonly reviews: ReviewLinks;
  readonly mailer: Mailer;
  /** The shop's configured public origin (PUBLIC_ORIGINS), never a request's Host. */
  /** The shop's origin for absolute links in mail; the sister brand's for its trades (decision 033). */
  readonly publicOrigin: (locale: Locale, brand?: Brand) => string;
  /** Tokens of shared offer links, keyed from the label secret (server/offers/share-token.ts); absent in tests that share none. */
  readonly offerShares?: OfferShareTokens;
  /** The stop links of price-drop warnings to cart holds, keyed from the label secret (server/offers/cart-holds.ts). */
  readonly cartHoldStops?: CartHoldStopLinks;
  /** The file outbox the developer mailbox lists; absent when mail goes out by SMTP. */
  readonly outbox?: FileOutbox;
  /** The durable outbox table and its worker (absent in the worker process's own `MAIL_WORKER=off` shop). */
  readonly mailQueue?: { readonly outbox: MailOutbox; readonly worker?: MailWorker };
  /** GET /dev/mailbox is served (development and test, or DEV_MAILBOX=1). */
  readonly devMailbox: boolean;
}

/** The settings read here (server/platform/config.ts documents them); a ServerConfig fits. */
export interface ShippingConfig {
  readonly NODE_ENV: ServerConfig['NODE_ENV'];
  readonly PORT: number;
  readonly DATA_DIR?: string;
  readonly SMTP_URL?: string;
  readonly PUBLIC_ORIGINS?: PublicOrigins;
  readonly LABEL_SECRET?: string;
  /** Signs the contact form tickets (server/contact/ticket.ts). */
  readonly CONTACT_SECRET?: string;
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

export async function createShippingServices(config: ShippingConfig, queue?: MailQueueOptions): Promise<ShippingServices> {
  const dataDir = config.DATA_DIR ?? DEFAULT_DATA_DIR;
  const secret = await loadLabelSecret({ fromEnv: config.LABEL_SECRET, dataDir });
  const outbox = config.SMTP_URL ? undefined : new FileOutbox(mailOutboxDir(dataDir));
  const transport = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL) : outbox!;
  const mailQueue = queue && createMailQueue(queue, transport, config.MAIL_WORKER ?? 'inline');
  return {
    labels: createLabelLinks(secret),
    clarifications: createClarificationLinks(secret),
    reviews: createReviewLinks(secret),
    offerShares: createOfferShareTokens(secret),
    cartHoldStops: createCartHoldStopLinks(secret),
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
