// The one layout of the mails to a seller or customer: from the shop's sender, a greeting, the body,
// the closing and signature (then an optional footer), as plain text and as the HTML document of
// ./html. Each mail module supplies only its words and its body; the staff copy of a contact message,
// which is no letter, uses ./html directly. The brand (decision 033) chooses the sender.

import type { ReactNode } from 'react';
import { BRAND_CONFIG, senderOf, type Brand } from '../../src/config/brands';
import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import { renderHtmlMail } from './html';
import type { MailAddress, MailMessage } from './mailer';

export interface LetterInput {
  readonly locale: Locale;
  /** The brand whose sender it comes from (src/config/brands.ts); the main brand's when left out. */
  readonly brand?: Brand;
  readonly to: MailAddress;
  readonly subject: string;
  readonly greeting: string;
  readonly closing: string;
  readonly signature: string;
  /** The plain-text body between the greeting and the closing, line by line (end it with an empty line). */
  readonly text: readonly string[];
  /** The same body in HTML. */
  readonly html: ReactNode;
  /** After the signature, e.g. the newsletter's unsubscribe link: text lines and HTML. */
  readonly footer?: { readonly text: readonly string[]; readonly html: ReactNode };
}

/** Sender, recipient, subject, text and HTML of a letter; the caller adds headers or attachments. */
export function letter(input: LetterInput): Pick<MailMessage, 'from' | 'to' | 'subject' | 'text' | 'html'> {
  const country = countryConfig(input.locale);
  const text = [input.greeting, '', ...input.text, input.closing, input.signature, '', ...(input.footer?.text ?? [])].join('\n');
  const html = renderHtmlMail({
    lang: country.icuLocale,
    title: input.subject,
    brand: BRAND_CONFIG[input.brand ?? 'tradein'].name,
    children: (
      <>
        <p>{input.greeting}</p>
        {input.html}
        <p>
          {input.closing}
          <br />
          {input.signature}
        </p>
        {input.footer?.html}
      </>
    ),
  });
  return {
    from: senderOf(input.locale, input.brand ?? 'tradein'),
    to: input.to,
    subject: input.subject,
    text,
    html,
  };
}
