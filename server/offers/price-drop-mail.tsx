// The price-drop warning (issue 18 part 3): the device's base price drops on a day; the seller's
// saved offer (or the one in their cart) still holds until its date, with its countdown and the link
// that opens it, and for a cart the stop link (decision 058). Sent like the other shop mails: one
// mailer.send per mail, failures logged without the address.

import type { FastifyBaseLogger } from 'fastify';
import { BRAND_CONFIG } from '../../src/config/brands';
import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import { formatDate } from '../../src/config/rules';
import type { PriceDropWarning } from '../catalogue/price-schedule';
import { serverI18n } from '../i18n/catalog';
import { ButtonLink } from '../mail/html';
import { letter } from '../mail/letter';
import type { Mailer, MailMessage } from '../mail/mailer';
import { countdownText } from './mail';

/** The absolute links of a warning: the offer's, and for an address with cart holds the stop link (decision 058). */
export interface PriceDropLinks {
  readonly offer: string;
  readonly stop?: string;
}

export function priceDropMail(warning: PriceDropWarning, links: PriceDropLinks, now: number): MailMessage {
  const { locale } = warning;
  const i18n = serverI18n(locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(`mail.priceDrop.${id}`, values);
  const money = new Intl.NumberFormat(countryConfig(locale).icuLocale, { style: 'currency', currency: 'EUR' });
  const values = {
    device: warning.deviceName,
    day: formatDate(locale, `${warning.effectiveOn}T12:00:00Z`),
    price: money.format(warning.offer.priceCents / 100),
    date: formatDate(locale, warning.offer.validUntil.toISOString()),
  };
  const countdown = countdownText(locale, warning.offer.validUntil, now);
  // A seller who only holds the offer in a cart did not save it.
  const intro = warning.cartHold && !warning.shared ? 'introCart' : 'intro';
  return letter({
    locale,
    to: { address: warning.email },
    subject: t('subject', values),
    greeting: i18n._('mail.offer.greeting'),
    closing: i18n._('mail.account.closing'),
    signature: i18n._('mail.account.signature', { brand: BRAND_CONFIG.tradein.name }),
    text: [
      t(intro, values),
      '',
      `${t('holds', values)} (${countdown})`,
      '',
      i18n._('mail.offer.button'),
      links.offer,
      '',
      ...(links.stop ? [t('stop'), links.stop, ''] : []),
    ],
    html: (
      <>
        <p>{t(intro, values)}</p>
        <p>
          <strong>{t('holds', values)}</strong> ({countdown})
        </p>
        <ButtonLink href={links.offer}>{i18n._('mail.offer.button')}</ButtonLink>
        {links.stop && (
          <p>
            {t('stop')} <a href={links.stop}>{t('stopLink')}</a>
          </p>
        )}
      </>
    ),
  });
}

/** Hands the mail to the mailer without waiting; a failure is logged without the address. Never throws. */
export function sendPriceDropMail(
  services: { mailer: Mailer; publicOrigin: (locale: Locale) => string },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  warning: PriceDropWarning,
  paths: PriceDropLinks,
  now: number,
): void {
  const context = { offerMail: 'priceDrop', locale: warning.locale, scheduleId: warning.scheduleId };
  const origin = services.publicOrigin(warning.locale).replace(/\/+$/, '');
  let sending: Promise<void>;
  try {
    sending = services.mailer.send(
      priceDropMail(warning, { offer: `${origin}${paths.offer}`, ...(paths.stop && { stop: `${origin}${paths.stop}` }) }, now),
    );
  } catch (error) {
    sending = Promise.reject(error);
  }
  sending.then(
    () => log.info(context, 'price drop mail sent'),
    (error: unknown) => log.warn({ ...context, errorName: error instanceof Error ? error.name : 'Error' }, 'price drop mail failed'),
  );
}
