// The account mails (activation, already registered, password reset, sign-in link, password changed) as text and
// HTML in the shop's language, from the country's sender. Links are built from the shop's configured
// public origin and the localized route map, never from a request's Host. Sending never delays or
// changes an answer: a failure is logged (without address or body), as the answers must not tell
// whether an e-mail address has an account.

import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../src/config/locales';
import { buildPath } from '../../src/config/routes';
import { serverI18n } from '../i18n/catalog';
import { ButtonLink } from '../mail/html';
import { BRAND_CONFIG, type Brand } from '../../src/config/brands';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import { authEvent } from './audit';
import type { AccountServices } from './services';

export type AccountMail =
  | { readonly kind: 'activation'; readonly token: string }
  | { readonly kind: 'alreadyRegistered' }
  | { readonly kind: 'passwordReset'; readonly token: string }
  | { readonly kind: 'signInLink'; readonly token: string }
  | { readonly kind: 'passwordChanged' };

export interface Recipient {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** Absolute links into one shop. */
export function accountLinks(origin: string, locale: Locale) {
  const at = (screen: Parameters<typeof buildPath>[0], token?: string) =>
    `${origin}${buildPath(screen, locale)}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  return {
    activation: (token: string) => at('accountRegister', token),
    passwordReset: (token: string) => at('passwordReset', token),
    signIn: (token: string) => at('accountSignInLink', token),
    login: at('accountOverview'),
    passwordForgot: at('passwordForgot'),
  };
}

type Block = { readonly text: string } | { readonly label: string; readonly url: string };

/** The mail's subject and blocks; the words come from the catalog ids mail.account.<kind>.<part>. */
function blocksOf(mail: AccountMail, locale: Locale, origin: string): { subject: string; blocks: Block[] } {
  const i18n = serverI18n(locale);
  const t = (part: string) => i18n._(`mail.account.${mail.kind}.${part}`);
  const links = accountLinks(origin, locale);
  const subject = t('subject');
  switch (mail.kind) {
    case 'activation':
      return {
        subject,
        blocks: [
          { text: t('intro') },
          { label: t('button'), url: links.activation(mail.token) },
          { text: t('validity') },
          { text: t('ignore') },
        ],
      };
    case 'alreadyRegistered':
      return {
        subject,
        blocks: [
          { text: t('intro') },
          { label: t('loginButton'), url: links.login },
          { text: t('forgotIntro') },
          { label: t('forgotButton'), url: links.passwordForgot },
          { text: t('ignore') },
        ],
      };
    case 'passwordReset':
      return {
        subject,
        blocks: [
          { text: t('intro') },
          { label: t('button'), url: links.passwordReset(mail.token) },
          { text: t('validity') },
          { text: t('ignore') },
        ],
      };
    case 'signInLink':
      return {
        subject,
        blocks: [
          { text: t('intro') },
          { label: t('button'), url: links.signIn(mail.token) },
          { text: t('validity') },
          { text: t('ignore') },
        ],
      };
    case 'passwordChanged':
      return { subject, blocks: [{ text: t('intro') }, { text: t('notYou') }, { label: t('button'), url: links.passwordForgot }] };
  }
}

/** `brand`: the brand whose shop the customer used (decision 033): its sender, signature and links. */
export function accountMail(mail: AccountMail, locale: Locale, origin: string, to: Recipient, brand: Brand = 'tradein'): MailMessage {
  const i18n = serverI18n(locale);
  const { subject, blocks } = blocksOf(mail, locale, origin);
  const greeting = i18n._('mail.account.greeting', { firstName: to.firstName });
  const closing = i18n._('mail.account.closing');
  const signature = i18n._('mail.account.signature', { brand: BRAND_CONFIG[brand].name });

  return letter({
    locale,
    brand,
    to: { name: `${to.firstName} ${to.lastName}`, address: to.email },
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
  });
}

/** Mail errors may quote the recipient: addresses are masked before the message is logged. */
const withoutAddresses = (value: string) => value.replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, '[address]').slice(0, 300);

/**
 * Hands the mail to the mailer and returns at once (the mailer has the message when this returns);
 * the outcome is logged later. Never throws.
 */
export function sendAccountMail(
  accounts: Pick<AccountServices, 'mailer' | 'publicOrigin'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  input: {
    readonly mail: AccountMail;
    readonly locale: Locale;
    readonly to: Recipient;
    readonly customerId?: string;
    readonly brand?: Brand;
  },
): void {
  const context = { kind: input.mail.kind, locale: input.locale, ...(input.customerId && { customerId: input.customerId }) };
  let sending: Promise<void>;
  try {
    const brand = input.brand ?? 'tradein';
    sending = accounts.mailer.send(accountMail(input.mail, input.locale, accounts.publicOrigin(input.locale, brand), input.to, brand));
  } catch (error) {
    sending = Promise.reject(error);
  }
  sending.then(
    () => log.info(context, 'account mail sent'),
    (error: unknown) => {
      const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
      authEvent(log, 'account_mail_failed', {
        ...context,
        errorName: typeof name === 'string' ? name : 'Error',
        ...((typeof code === 'string' || typeof code === 'number') && { errorCode: code }),
        errorMessage: withoutAddresses(typeof message === 'string' ? message : String(error)),
      });
    },
  );
}
