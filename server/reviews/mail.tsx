// The review request mail, in the trade's language, sent once when a trade is paid in full: a signed
// link to the shop's review page (server/reviews/links.ts), valid for REVIEW_LINK_DAYS.

import { eq } from 'drizzle-orm';
import { BRAND_CONFIG, brandOfTrade, type Brand } from '../../src/config/brands';
import type { Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import { trades } from '../db/schema/trades';
import { serverI18n } from '../i18n/catalog';
import { ButtonLink } from '../mail/html';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import type { MailServices } from '../mail/setup';
import type { ReviewLinks } from './links';
import { REVIEW_LINK_DAYS } from './links';

export interface ReviewRequestMailInput {
  readonly locale: Locale;
  readonly brand: Brand;
  readonly tradeNumber: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Absolute link to the review page with its token. */
  readonly url: string;
}

export function reviewRequestMail(input: ReviewRequestMailInput): MailMessage {
  const i18n = serverI18n(input.locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`mail.review.${id}`, values);
  const c = i18n._('mail.colon');
  const values = { tradeNumber: input.tradeNumber, days: REVIEW_LINK_DAYS };
  return letter({
    locale: input.locale,
    brand: input.brand,
    to: { name: `${input.firstName} ${input.lastName}`, address: input.email },
    subject: t('subject', values),
    greeting: t('greeting', { firstName: input.firstName }),
    closing: t('closing'),
    signature: t('signature', { brand: BRAND_CONFIG[input.brand].name }),
    text: [t('intro', values), '', `${t('button')}${c}${input.url}`, t('validity', values), ''],
    html: (
      <>
        <p>{t('intro', values)}</p>
        <ButtonLink href={input.url}>{t('button')}</ButtonLink>
        <p>{t('validity', values)}</p>
      </>
    ),
  });
}

/** Sends the review request of a paid trade (one mail); false when the trade is not paid or has no address. */
/** What a review request needs: the mailer, the public origins and the review links. */
export type ReviewMailServices = Pick<MailServices, 'mailer' | 'publicOrigin'> & { readonly reviews: ReviewLinks };

export async function sendReviewRequestMail(
  services: ReviewMailServices,
  db: Database,
  tradeId: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ trade: trades, customerEmail: customers.email })
    .from(trades)
    .leftJoin(customers, eq(customers.id, trades.customerId))
    .where(eq(trades.id, tradeId));
  if (!row || row.trade.status !== 'paid') return false;
  const email = row.trade.guestEmail ?? row.customerEmail;
  if (!email) return false;
  const locale = row.trade.locale as Locale;
  const brand = brandOfTrade(row.trade.shopMode);
  const origin = services.publicOrigin(locale, brand).replace(/\/+$/, '');
  await services.mailer.send(
    reviewRequestMail({
      locale,
      brand,
      tradeNumber: row.trade.tradeNumber,
      email,
      firstName: row.trade.address.firstName,
      lastName: row.trade.address.lastName,
      url: origin + services.reviews.path(locale, tradeId, now),
    }),
  );
  return true;
}
