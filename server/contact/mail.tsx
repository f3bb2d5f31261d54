// The two mails of a contact message, in the shop's language: to the country's desk (with the
// attachments, Reply-To the sender) and the acknowledgment to the sender (with a copy of the text,
// without the attachments). Texts from the server catalog (mail.contact.*); HTML by React, so every
// value the sender typed is escaped by construction.

import type { ContactSubject } from '../../src/config/contact';
import { countryConfig } from '../../src/config/countries';
import { BRAND_CONFIG, type Brand } from '../../src/config/brands';
import type { Locale } from '../../src/config/locales';
import { serverI18n } from '../i18n/catalog';
import { HEADING, renderHtmlMail } from '../mail/html';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import type { Attachment } from './attachments';

export type ContactSource = 'page' | 'widget';

export interface ContactMailInput {
  readonly reference: string;
  readonly locale: Locale;
  readonly subject: ContactSubject;
  readonly name: string;
  readonly email: string;
  readonly tradeNumber?: string | undefined;
  readonly message: string;
  readonly business: boolean;
  readonly recipient: string;
  readonly source: ContactSource;
  readonly attachments: readonly Attachment[];
  /** The brand whose shop the message came from (decision 033): the acknowledgment's sender and signature. */
  readonly brand?: Brand;
}

const PRE = { whiteSpace: 'pre-wrap', fontFamily: 'inherit', background: '#f6f6f6', padding: 12, borderRadius: 4 } as const;

/** The subject's words in the shop's language. */
export function subjectLabel(locale: Locale, subject: ContactSubject): string {
  return serverI18n(locale)._(`mail.contact.subject.${subject}`);
}

export function staffMail(input: ContactMailInput): MailMessage {
  const i18n = serverI18n(input.locale);
  const country = countryConfig(input.locale);
  const t = (id: string, values?: Record<string, string>) => i18n._(`mail.contact.${id}`, values);
  const colon = i18n._('mail.colon');
  const subject = subjectLabel(input.locale, input.subject);
  const rows: [string, string][] = [
    [t('field.reference'), input.reference],
    [t('field.subject'), subject],
    [t('field.name'), input.name],
    [t('field.email'), input.email],
    ...(input.tradeNumber ? [[t('field.tradeNumber'), input.tradeNumber] as [string, string]] : []),
    ...(input.business ? [[t('field.business'), t('yes')] as [string, string]] : []),
    [t('field.attachments'), input.attachments.length ? input.attachments.map((a) => a.filename).join(', ') : t('none')],
  ];
  const intro = t('staff.intro', { source: t(`source.${input.source}`) });
  const mailSubject = t('staff.subject', { reference: input.reference, subject, name: input.name });
  const text = [intro, '', ...rows.map(([k, v]) => `${k}${colon}${v}`), '', `${t('field.message')}${colon}`, input.message, ''].join('\n');
  const html = renderHtmlMail({
    lang: country.icuLocale,
    title: mailSubject,
    children: (
      <>
        <p>{intro}</p>
        <table>
          <tbody>
            {rows.map(([k, v]) => (
              <tr key={k}>
                <th style={{ textAlign: 'left', paddingRight: 12 }}>{k}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2 style={HEADING}>{t('field.message')}</h2>
        <pre style={PRE}>{input.message}</pre>
      </>
    ),
  });
  return {
    from: { name: country.contact.fromName, address: country.contact.fromAddress },
    to: { address: input.recipient },
    replyTo: { name: input.name, address: input.email },
    subject: mailSubject,
    text,
    html,
    attachments: input.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}

export function acknowledgmentMail(input: ContactMailInput): MailMessage {
  const i18n = serverI18n(input.locale);
  const t = (id: string, values?: Record<string, string>) => i18n._(`mail.contact.${id}`, values);
  const colon = i18n._('mail.colon');
  const subject = t('ack.subject', { reference: input.reference });
  const greeting = t('ack.greeting', { name: input.name });
  const intro = t('ack.intro', { reference: input.reference });
  const topic = `${t('field.subject')}${colon}${subjectLabel(input.locale, input.subject)}`;
  const closing = i18n._('mail.account.closing');
  const brand = input.brand ?? 'tradein';
  const signature = i18n._('mail.account.signature', { brand: BRAND_CONFIG[brand].name });
  return letter({
    locale: input.locale,
    brand,
    to: { name: input.name, address: input.email },
    subject,
    greeting,
    closing,
    signature,
    text: [intro, '', t('ack.copyTitle'), topic, '', input.message, '', t('ack.notYou'), ''],
    html: (
      <>
        <p>{intro}</p>
        <h2 style={HEADING}>{t('ack.copyTitle')}</h2>
        <p>{topic}</p>
        <pre style={PRE}>{input.message}</pre>
        <p>{t('ack.notYou')}</p>
      </>
    ),
  });
}

export interface ContactReplyInput {
  readonly reference: string;
  readonly locale: Locale;
  readonly name: string;
  readonly email: string;
  /** The seller's message, quoted under the answer. */
  readonly message: string;
  readonly sentAt: Date;
  /** The desk the message went to: the seller's answer goes back there. */
  readonly desk: string;
  /** The support user's words. */
  readonly body: string;
  readonly brand?: Brand;
}

/**
 * The support inbox's answer (decision 076), in the message's language: the greeting, the support
 * user's words, how to write back, the closing with the brand, and the seller's message quoted. The
 * subject carries the reference, so an answer to it is found again.
 */
export function replyMail(input: ContactReplyInput): MailMessage {
  const i18n = serverI18n(input.locale);
  const t = (id: string, values?: Record<string, string>) => i18n._(`mail.contact.${id}`, values);
  const country = countryConfig(input.locale);
  const date = new Intl.DateTimeFormat(country.icuLocale, { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(input.sentAt);
  const quoteTitle = t('reply.quoteTitle', { date });
  const intro = t('reply.intro', { reference: input.reference });
  const answerBack = t('reply.answerBack', { reference: input.reference });
  const brand = input.brand ?? 'tradein';
  const quoted = input.message.split('\n').map((line) => `> ${line}`);
  return {
    ...letter({
      locale: input.locale,
      brand,
      to: { name: input.name, address: input.email },
      subject: t('reply.subject', { reference: input.reference }),
      greeting: t('ack.greeting', { name: input.name }),
      closing: i18n._('mail.account.closing'),
      signature: i18n._('mail.account.signature', { brand: BRAND_CONFIG[brand].name }),
      text: [intro, '', input.body, '', answerBack, ''],
      html: (
        <>
          <p>{intro}</p>
          <pre style={PRE}>{input.body}</pre>
          <p>{answerBack}</p>
        </>
      ),
      footer: {
        text: [quoteTitle, ...quoted, ''],
        html: (
          <>
            <h2 style={HEADING}>{quoteTitle}</h2>
            <blockquote style={{ borderLeft: '3px solid #ccc', margin: 0, paddingLeft: 12 }}>
              <pre style={{ ...PRE, background: 'none', padding: 0 }}>{input.message}</pre>
            </blockquote>
          </>
        ),
      },
    }),
    replyTo: { address: input.desk },
  };
}
