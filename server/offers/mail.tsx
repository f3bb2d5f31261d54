// The mail of a saved offer (issue 18 part 1): the device, the binding price, its countdown and the
// link that opens the offer in any browser. Sent like the other shop mails (one mailer.send per mail,
// failures logged without the address); links come from the shop's configured public origin.

import type { FastifyBaseLogger } from 'fastify';
import { BRAND_CONFIG, type Brand } from '../../src/config/brands';
import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import { countdownOf } from '../../src/config/offer-countdown';
import { formatDate } from '../../src/config/rules';
import type { Offer } from '../../src/contracts/offers';
import { serverI18n } from '../i18n/catalog';
import { ButtonLink } from '../mail/html';
import { letter } from '../mail/letter';
import type { Mailer, MailMessage } from '../mail/mailer';

/** The countdown sentence of an offer at `now` in the shop's language (ICU plural of the server catalog). */
export function countdownText(locale: Locale, validUntil: string | Date, now: number): string {
  const countdown = countdownOf(validUntil, now);
  const i18n = serverI18n(locale);
  return countdown.state === 'expired' ? i18n._('mail.offer.expired') : i18n._('mail.offer.countdown', { days: countdown.days });
}

export function offerMail(input: {
  readonly locale: Locale;
  readonly brand?: Brand;
  readonly email: string;
  readonly offer: Offer;
  /** Absolute link to the device page with the signed token. */
  readonly url: string;
  readonly now: number;
}): MailMessage {
  const { locale, offer } = input;
  const i18n = serverI18n(locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`mail.offer.${id}`, values);
  const money = new Intl.NumberFormat(countryConfig(locale).icuLocale, { style: 'currency', currency: 'EUR' });
  const values = {
    device: offer.deviceName,
    price: money.format(offer.price),
    date: formatDate(locale, offer.validUntil),
  };
  const offerLine = offer.kind === 'purchase' ? t('price', values) : t('recycling', values);
  const countdown = countdownText(locale, offer.validUntil, input.now);
  return letter({
    locale,
    ...(input.brand && { brand: input.brand }),
    to: { address: input.email },
    subject: t(offer.kind === 'purchase' ? 'subject' : 'subjectRecycling', values),
    greeting: t('greeting'),
    closing: i18n._('mail.account.closing'),
    signature: i18n._('mail.account.signature', { brand: BRAND_CONFIG[input.brand ?? 'tradein'].name }),
    text: [t('intro', values), '', offerLine, `${t('validity', values)} (${countdown})`, '', t('button'), input.url, '', t('ignore'), ''],
    html: (
      <>
        <p>{t('intro', values)}</p>
        <p>
          <strong>{offerLine}</strong>
          <br />
          {t('validity', values)} (<strong>{countdown}</strong>)
        </p>
        <ButtonLink href={input.url}>{t('button')}</ButtonLink>
        <p style={{ fontSize: 13, color: '#555555' }}>{t('ignore')}</p>
      </>
    ),
  });
}

/** Hands the mail to the mailer without waiting; a failure is logged without the address. Never throws. */
export function sendOfferMail(
  services: { mailer: Mailer; publicOrigin: (locale: Locale, brand?: Brand) => string },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  input: {
    readonly locale: Locale;
    readonly brand?: Brand;
    readonly email: string;
    readonly offer: Offer;
    readonly path: string;
    readonly now: number;
  },
): void {
  const context = { offerMail: 'saved', locale: input.locale };
  let sending: Promise<void>;
  try {
    const url = `${services.publicOrigin(input.locale, input.brand).replace(/\/+$/, '')}${input.path}`;
    sending = services.mailer.send(offerMail({ ...input, url }));
  } catch (error) {
    sending = Promise.reject(error);
  }
  sending.then(
    () => log.info(context, 'offer mail sent'),
    (error: unknown) => log.warn({ ...context, errorName: error instanceof Error ? error.name : 'Error' }, 'offer mail failed'),
  );
}
