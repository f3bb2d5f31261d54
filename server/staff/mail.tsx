// The back office's mail to its own users (decision 081): the sign-in link of a locked account, in
// the language the member's back office shows (English or German, decision 072), from the main
// brand's sender. A member without an authenticator app gets the same subject without a link: the
// link needs the app's code, so they are sent to an admin. Texts from the server catalog
// (mail.staff.signInLink.*); HTML by React, so the member's name is escaped by construction.

import type { Locale } from '../../src/config/locales';
import type { StaffLocale } from '../../src/contracts/staff';
import { serverI18n } from '../i18n/catalog';
import { ButtonLink } from '../mail/html';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import { SIGN_IN_LINK_MINUTES } from './sign-in-links';

/** The server catalog of each back-office language (English is the default shop's). */
const CATALOG_OF: Readonly<Record<StaffLocale, Locale>> = { en: 'default', de: 'de' };

export interface StaffSignInLinkMailInput {
  readonly to: { readonly email: string; readonly name: string };
  readonly lang: StaffLocale;
  /** The link; null: the member has no authenticator app, and the mail says what to do instead. */
  readonly link: string | null;
}

export function staffSignInLinkMail(input: StaffSignInLinkMailInput): MailMessage {
  const locale = CATALOG_OF[input.lang];
  const i18n = serverI18n(locale);
  const t = (id: string, values?: Record<string, string | number>) => i18n._(`mail.staff.signInLink.${id}`, values);
  const { link } = input;
  const paragraphs =
    link === null ? [t('notEnrolled'), t('notEnrolledAdmin')] : [t('intro'), t('validity', { minutes: SIGN_IN_LINK_MINUTES })];
  return letter({
    locale,
    to: { name: input.to.name, address: input.to.email },
    subject: t('subject'),
    greeting: t('greeting', { name: input.to.name }),
    closing: i18n._('mail.account.closing'),
    signature: t('signature'),
    text: [...paragraphs.flatMap((p, i) => (i === 0 && link !== null ? [p, '', link, ''] : [p, ''])), t('ignore'), ''],
    html: (
      <>
        <p>{paragraphs[0]}</p>
        {link !== null && <ButtonLink href={link}>{t('button')}</ButtonLink>}
        <p>{paragraphs[1]}</p>
        <p>{t('ignore')}</p>
      </>
    ),
  });
}
