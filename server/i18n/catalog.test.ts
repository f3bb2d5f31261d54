import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import { serverI18n } from './catalog';

describe('the server catalog', () => {
  it('speaks every shop language, Austria as Germany', () => {
    const subjects = Object.fromEntries(
      LOCALES.map((locale) => [locale, serverI18n(locale)._('mail.confirmation.subject', { tradeNumber: 'TR-1' })]),
    );
    expect(subjects).toEqual({
      default: 'Your trade TR-1: thank you!',
      de: 'Ihr Verkauf TR-1: vielen Dank!',
      at: 'Ihr Verkauf TR-1: vielen Dank!',
      es: expect.stringContaining('TR-1'),
      fr: 'Votre vente TR-1 : merci !',
      it: expect.stringContaining('TR-1'),
    });
  });

  it('counts devices as the label always did (one for exactly 1, else the plural)', () => {
    const de = serverI18n('de');
    expect([1, 2, 0].map((count) => de._('label.devices', { count }))).toEqual(['1 Gerät', '2 Geräte', '0 Geräte']);
    expect(serverI18n('fr')._('label.devices', { count: 0 })).toBe('0 appareils');
  });

  it('refuses an id the catalog does not have, instead of showing the id', () => {
    expect(() => serverI18n('it')._('mail.no.such.message')).toThrow(/no message mail\.no\.such\.message/);
  });
});
