// The clarification mails (product §10–11), in the trade's language: opened (per device the old and
// new price, the link to the whole clarification and a quick-answer link per device), reminder
// (3 days before the deadline), answer received, and deadline passed (the default applied). Links
// are absolute from the shop's configured public origin (PUBLIC_ORIGINS) and carry the signed token.
// The opened mail also links the data-erasure certificates of the devices accepted as they are
// (decision 073): theirs is written with the inspection, which sent no mail of its own.

import { eq } from 'drizzle-orm';
import { countryConfig } from '../../src/config/countries';
import { BRAND_CONFIG, brandOfTrade, type Brand } from '../../src/config/brands';
import type { Locale } from '../../src/config/locales';
import { formatDate } from '../../src/config/rules';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { customers } from '../db/schema/customers';
import { offers } from '../db/schema/offers';
import { tradeItems, trades } from '../db/schema/trades';
import { serverI18n } from '../i18n/catalog';
import { ButtonLink, HEADING } from '../mail/html';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import type { MailServices } from '../mail/setup';
import { certificatesOf } from '../trades/erasure';
import type { CertificateLinks, TradeLinks } from '../trades/links';
import { certificateList } from '../trades/step-mails';
import type { ClarificationLinks } from './links';
import { deadlineOf } from './service';

export type ClarificationMailKind = 'opened' | 'reminder' | 'answered' | 'expired';

export interface ClarificationMailItem {
  readonly deviceName: string;
  readonly offeredCents: number;
  readonly newCents: number;
  readonly status: 'open' | 'accepted' | 'declined';
  readonly declineMode: 'return' | 'recycle' | null;
  /** Absolute quick-answer link of this device. */
  readonly quickUrl: string;
}

export interface ClarificationMailInput {
  readonly kind: ClarificationMailKind;
  readonly locale: Locale;
  /** The brand the trade was sold under (its shop mode): sender and signature (decision 033). */
  readonly brand?: Brand;
  readonly tradeNumber: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly deadline: Date;
  /** Absolute link to the whole clarification. */
  readonly url: string;
  /** Absolute link to the seller's trade page (server/trades/links.ts). */
  readonly tradePageUrl: string;
  readonly items: readonly ClarificationMailItem[];
  /** The data-erasure certificates of the trade's other devices, each with its absolute signed link (the opened mail). */
  readonly certificates?: readonly { readonly id: string; readonly deviceName: string; readonly url: string }[];
}

export function clarificationMail(input: ClarificationMailInput): MailMessage {
  const { locale, kind } = input;
  const i18n = serverI18n(locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`mail.clarification.${id}`, values);
  const country = countryConfig(locale);
  const money = new Intl.NumberFormat(country.icuLocale, { style: 'currency', currency: 'EUR' });
  const c = i18n._('mail.colon');
  const values = { tradeNumber: input.tradeNumber, deadline: formatDate(locale, input.deadline) };
  const asking = kind === 'opened' || kind === 'reminder';
  const line = (item: ClarificationMailItem) => {
    const prices = t('prices', { offered: money.format(item.offeredCents / 100), now: money.format(item.newCents / 100) });
    if (asking) return `${item.deviceName}${c}${prices}`;
    const outcome =
      item.status === 'accepted'
        ? t('outcome.accepted', { price: money.format(item.newCents / 100) })
        : item.status === 'declined'
          ? t(item.declineMode === 'recycle' ? 'outcome.recycle' : 'outcome.return')
          : t('outcome.open');
    return `${item.deviceName}${c}${outcome}`;
  };
  const subject = t(`${kind}.subject`, values);
  const certificates = certificateList((id) => i18n._(id), c, input.certificates ?? []);

  return letter({
    locale,
    ...(input.brand && { brand: input.brand }),
    to: { name: `${input.firstName} ${input.lastName}`, address: input.email },
    subject,
    greeting: t('greeting', { firstName: input.firstName }),
    closing: t('closing'),
    signature: t('signature', { brand: BRAND_CONFIG[input.brand ?? 'tradein'].name }),
    text: [
      t(`${kind}.intro`, values),
      '',
      ...input.items.flatMap((item) => [
        `- ${line(item)}`,
        ...(asking && item.status === 'open' ? [`  ${t('quick')}${c}${item.quickUrl}`] : []),
      ]),
      '',
      ...(asking ? [t('deadline', values), '', `${t('link')}${c}${input.url}`, ''] : [`${t('overview')}${c}${input.url}`, '']),
      ...(certificates?.text ?? []),
      `${i18n._('mail.trade.tradePage')}${c}${input.tradePageUrl}`,
      '',
    ],
    html: (
      <>
        <p>{t(`${kind}.intro`, values)}</p>
        <h2 style={HEADING}>{t('devicesTitle')}</h2>
        <ul>
          {input.items.map((item, i) => (
            <li key={i}>
              {line(item)}
              {asking && item.status === 'open' && (
                <>
                  {' '}
                  <a href={item.quickUrl}>{t('quick')}</a>
                </>
              )}
            </li>
          ))}
        </ul>
        {asking && <p>{t('deadline', values)}</p>}
        <ButtonLink href={input.url}>{asking ? t('link') : t('overview')}</ButtonLink>
        {certificates?.html}
        <p>
          <a href={input.tradePageUrl}>{i18n._('mail.trade.tradePage')}</a>
        </p>
      </>
    ),
  });
}

/** Reads the trade's clarifications and sends one mail of `kind`; false when there is nothing to send. */
/** What a clarification mail needs: the mailer, the public origins, the clarification, trade page and certificate links. */
export type ClarificationMailServices = Pick<MailServices, 'mailer' | 'publicOrigin'> & {
  readonly clarifications: ClarificationLinks;
  readonly trades: TradeLinks;
  readonly certificates: CertificateLinks;
};

export async function sendClarificationMail(
  services: ClarificationMailServices,
  db: Database,
  tradeId: string,
  kind: ClarificationMailKind,
): Promise<boolean> {
  const [trade] = await db
    .select({ trade: trades, customerEmail: customers.email })
    .from(trades)
    .leftJoin(customers, eq(customers.id, trades.customerId))
    .where(eq(trades.id, tradeId));
  if (!trade) return false;
  const email = trade.trade.guestEmail ?? trade.customerEmail;
  if (!email) return false;
  const rows = await db
    .select({
      clarification: clarifications,
      deviceName: devices.name,
      offeredCents: tradeItems.priceCents,
      newCents: offers.priceCents,
      position: tradeItems.position,
    })
    .from(clarifications)
    .innerJoin(tradeItems, eq(tradeItems.offerId, clarifications.itemOfferId))
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .innerJoin(offers, eq(offers.id, clarifications.newOfferId))
    .where(eq(clarifications.tradeId, tradeId))
    .orderBy(tradeItems.position);
  if (rows.length === 0) return false;
  const locale = trade.trade.locale as Locale;
  const brand = brandOfTrade(trade.trade.shopMode);
  const origin = services.publicOrigin(locale, brand).replace(/\/+$/, '');
  const first = rows[0]!.clarification;
  const deadline = rows.map((r) => deadlineOf(r.clarification)).reduce((a, b) => (a < b ? a : b));
  const { tradeNumber } = trade.trade;
  // The devices accepted as they are: their certificates came with the inspection this mail tells of.
  const certificates = kind === 'opened' ? await certificatesOf(db, tradeId) : [];
  await services.mailer.send(
    clarificationMail({
      kind,
      locale,
      brand,
      tradeNumber,
      email,
      firstName: trade.trade.address.firstName,
      lastName: trade.trade.address.lastName,
      deadline,
      url: origin + services.clarifications.path(first.id, tradeNumber, deadline),
      tradePageUrl: origin + services.trades.path(locale, tradeNumber),
      items: rows.map((r) => ({
        deviceName: r.deviceName,
        offeredCents: r.offeredCents,
        newCents: r.newCents,
        status: r.clarification.status,
        declineMode: r.clarification.declineMode,
        quickUrl: origin + services.clarifications.path(r.clarification.id, tradeNumber, deadline, r.clarification.newOfferId),
      })),
      certificates: certificates.map((cert) => ({
        id: cert.id,
        deviceName: cert.deviceName,
        url: origin + services.certificates.path(cert.id),
      })),
    }),
  );
  return true;
}
