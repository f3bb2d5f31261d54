// The account mails in every shop language: sender of the country, subject and words of the language,
// links from the configured origin and the localized route map, HTML escaped.

import { describe, expect, it } from 'vitest';
import { countryConfig } from '../../src/config/countries';
import { LOCALES } from '../../src/config/locales';
import { buildPath } from '../../src/config/routes';
import { accountMail, type AccountMail } from './mail';

const TOKEN = 'T'.repeat(43);
const MAILS: AccountMail[] = [
  { kind: 'activation', token: TOKEN },
  { kind: 'alreadyRegistered' },
  { kind: 'passwordReset', token: TOKEN },
  { kind: 'passwordChanged' },
];
const to = { email: 'erika@example.com', firstName: 'Erika <b>', lastName: 'Mustermann' };

describe('account mails', () => {
  it.each(LOCALES)('are complete in %s', (locale) => {
    const origin = `https://shop-${locale}.example`;
    for (const mail of MAILS) {
      const message = accountMail(mail, locale, origin, to);
      expect(message.from).toEqual({ name: countryConfig(locale).contact.fromName, address: countryConfig(locale).contact.fromAddress });
      expect(message.to).toEqual({ name: 'Erika <b> Mustermann', address: 'erika@example.com' });
      expect(message.subject.length).toBeGreaterThan(5);
      expect(message.text.split('\n')[0]).toMatch(/^\S+ Erika <b>[,:]$/);
      expect(message.html).toContain('Erika &lt;b&gt;');
      expect(message.html).not.toContain('Erika <b>');
      for (const url of message.text.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(origin)).toBe(true);
    }
    const link = (mail: AccountMail) => accountMail(mail, locale, origin, to).text;
    expect(link(MAILS[0]!)).toContain(`${origin}${buildPath('accountRegister', locale)}?token=${TOKEN}`);
    expect(link(MAILS[1]!)).toContain(`${origin}${buildPath('passwordForgot', locale)}`);
    expect(link(MAILS[2]!)).toContain(`${origin}${buildPath('passwordReset', locale)}?token=${TOKEN}`);
    expect(link(MAILS[3]!)).toContain(`${origin}${buildPath('passwordForgot', locale)}`);
  });

  it('speaks the language of the shop (Austria as Germany)', () => {
    const subjects = Object.fromEntries(LOCALES.map((locale) => [locale, accountMail(MAILS[0]!, locale, 'https://x.example', to).subject]));
    expect(subjects).toEqual({
      default: 'Please confirm your e-mail address',
      de: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      at: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      es: 'Confirma tu dirección de correo electrónico',
      fr: 'Veuillez confirmer votre adresse e-mail',
      it: 'Conferma il tuo indirizzo e-mail',
    });
  });
});
