// The newsletter mails (double opt-in confirmation, welcome) in the shop's language from the country's
// sender. Every one carries the unsubscribe link in its text and the List-Unsubscribe header with
// one-click unsubscribe (RFC 8058: List-Unsubscribe-Post, answered by POST /api/newsletter/unsubscribe/{hash}).
// Links come from the shop's configured public origin, never from a request's Host.

import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../src/config/locales';
import { BRAND_CONFIG, type Brand } from '../../src/config/brands';
import { buildPath } from '../../src/config/routes';
import { serverI18n } from '../i18n/catalog';
import { ButtonLink } from '../mail/html';
import { letter } from '../mail/letter';
import type { Mailer, MailMessage } from '../mail/mailer';

export type NewsletterMail = { readonly kind: 'confirm'; readonly token: string } | { readonly kind: 'welcome' };

/** Absolute links of one subscriber in one shop. */
export function newsletterLinks(origin: string, locale: Locale, emailHash: string) {
  return {
    confirm: (token: string) => `${origin}${buildPath('newsletterEnrichHash', locale, { emailHash })}?confirm=${encodeURIComponent(token)}`,
    enrich: `${origin}${buildPath('newsletterEnrichHash', locale, { emailHash })}`,
    unsubscribe: `${origin}${buildPath('newsletterUnsubscribe', locale, { emailHash })}`,
    /** The one-click endpoint of the List-Unsubscribe header (RFC 8058). */
    oneClick: `${origin}/api/newsletter/unsubscribe/${emailHash}`,
  };
}

type Block = { readonly text: string } | { readonly label: string; readonly url: string };

export function newsletterMail(
  mail: NewsletterMail,
  locale: Locale,
  origin: string,
  to: { email: string; emailHash: string },
  /** The brand whose shop the subscriber used (decision 033): sender, signature, links. */
  brand: Brand = 'tradein',
): MailMessage {
  const i18n = serverI18n(locale);
  const t = (part: string) => i18n._(`mail.newsletter.${mail.kind}.${part}`);
  const links = newsletterLinks(origin, locale, to.emailHash);
  const subject = t('subject');
  const blocks: Block[] =
    mail.kind === 'confirm'
      ? [{ text: t('intro') }, { label: t('button'), url: links.confirm(mail.token) }, { text: t('validity') }, { text: t('ignore') }]
      : [{ text: t('intro') }, { text: t('enrichIntro') }, { label: t('button'), url: links.enrich }];
  const greeting = i18n._('mail.newsletter.greeting');
  const closing = i18n._('mail.account.closing');
  const signature = i18n._('mail.account.signature', { brand: BRAND_CONFIG[brand].name });
  const unsubscribeText = i18n._('mail.newsletter.unsubscribe');

  return {
    ...letter({
      locale,
      brand,
      to: { address: to.email },
      subject,
      greeting,
      closing,
      signature,
      text: blocks.flatMap((b) => ('url' in b ? [b.url, ''] : [b.text, ''])),
      html: blocks.map((b, i) =>
        'url' in b ? (
          <ButtonLink key={i} href={b.url}>
            {b.label}
          </ButtonLink>
        ) : (
          <p key={i}>{b.text}</p>
        ),
      ),
      footer: {
        text: ['--', unsubscribeText, links.unsubscribe, ''],
        html: (
          <>
            <hr />
            {/* The sentence ends in a colon: the link follows it, as in the text part (issue 31). */}
            <p style={{ fontSize: 13, color: '#555555' }}>
              {unsubscribeText}{' '}
              <a href={links.unsubscribe} style={{ wordBreak: 'break-all' }}>
                {links.unsubscribe}
              </a>
            </p>
          </>
        ),
      },
    }),
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Hands the mail to the mailer without waiting; a failure is logged without the address. Never throws. */
export function sendNewsletterMail(
  services: { mailer: Mailer; publicOrigin: (locale: Locale, brand?: Brand) => string },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  input: {
    readonly mail: NewsletterMail;
    readonly locale: Locale;
    readonly to: { email: string; emailHash: string };
    readonly brand?: Brand;
  },
): void {
  const context = { newsletterMail: input.mail.kind, locale: input.locale };
  let sending: Promise<void>;
  try {
    const brand = input.brand ?? 'tradein';
    sending = services.mailer.send(newsletterMail(input.mail, input.locale, services.publicOrigin(input.locale, brand), input.to, brand));
  } catch (error) {
    sending = Promise.reject(error);
  }
  sending.then(
    () => log.info(context, 'newsletter mail sent'),
    (error: unknown) => log.warn({ ...context, errorName: error instanceof Error ? error.name : 'Error' }, 'newsletter mail failed'),
  );
}
