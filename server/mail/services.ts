// Shipping services of the API, from configuration: the label links (with their secret), the mailer
// (file outbox in DATA_DIR/mail, or SMTP when SMTP_URL is set), each shop's public origin for links
// in mail, and whether the developer mailbox is served.

import { join } from 'node:path';
import type { Locale } from '../../src/config/locales';
import { createClarificationLinks, type ClarificationLinks } from '../clarifications/links';
import type { ServerConfig } from '../config';
import { createLabelLinks, loadLabelSecret, type LabelLinks } from '../labels/links';
import { DEFAULT_DATA_DIR } from '../paths';
import { FileOutbox } from './file-outbox';
import type { Mailer } from './mailer';
import { drainingMailer } from '../shutdown';
import type { Brand } from '../../src/config/brands';
import { publicOriginResolver, type PublicOrigins } from './origins';
import { SmtpMailer } from './smtp';

export interface ShippingServices {
  readonly labels: LabelLinks;
  /** Clarification links, signed with the label secret (server/clarifications/links.ts). */
  readonly clarifications: ClarificationLinks;
  readonly mailer: Mailer;
  /** The shop's configured public origin (PUBLIC_ORIGINS), never a request's Host. */
  /** The shop's origin for absolute links in mail; the sister brand's for its trades (decision 033). */
  readonly publicOrigin: (locale: Locale, brand?: Brand) => string;
  /** The file outbox the developer mailbox lists; absent when mail goes out by SMTP. */
  readonly outbox?: FileOutbox;
  /** GET /dev/mailbox is served (development and test, or DEV_MAILBOX=1). */
  readonly devMailbox: boolean;
}

/** The settings read here (server/config.ts documents them); a ServerConfig fits. */
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
}

export const mailOutboxDir = (dataDir: string) => join(dataDir, 'mail');

export async function createShippingServices(config: ShippingConfig): Promise<ShippingServices> {
  const dataDir = config.DATA_DIR ?? DEFAULT_DATA_DIR;
  const secret = await loadLabelSecret({ fromEnv: config.LABEL_SECRET, dataDir });
  const outbox = config.SMTP_URL ? undefined : new FileOutbox(mailOutboxDir(dataDir));
  return {
    labels: createLabelLinks(secret),
    clarifications: createClarificationLinks(secret),
    // Mails still being sent when the server shuts down are finished first (server/shutdown.ts).
    mailer: drainingMailer(config.SMTP_URL ? new SmtpMailer(config.SMTP_URL) : outbox!),
    publicOrigin: publicOriginResolver(config.PUBLIC_ORIGINS ?? {}, config.PORT),
    ...(outbox ? { outbox } : {}),
    devMailbox: config.NODE_ENV !== 'production' || config.DEV_MAILBOX === true,
  };
}
