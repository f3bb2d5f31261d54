// The saved offer's mail: its countdown in every shop's language (ICU plurals of the server catalog),
// the price, the validity date and the link; a recycling offer says so instead of a price.

import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import type { Offer } from '../../src/contracts/offers';
import { countdownText, offerMail } from './mail';

const DAY = 86_400_000;
const now = Date.parse('2026-11-24T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

const offer: Offer = {
  offerId: '2f1d5c1e-8a43-4b2e-9a57-5d6f5f0e8a11',
  deviceId: 1300,
  deviceName: 'Apple iPhone 13 128 GB',
  locale: 'de',
  answers: { 1: 11 },
  price: 310,
  currency: 'EUR',
  conditionId: 1,
  kind: 'purchase',
  validUntil: at(20 * DAY + 1000),
  createdAt: at(-DAY),
};

describe('offer mail', () => {
  const expected: Record<string, [string, string, string]> = {
    default: ['1 day left', '2 days left', '21 days left'],
    de: ['noch 1 Tag', 'noch 2 Tage', 'noch 21 Tage'],
    at: ['noch 1 Tag', 'noch 2 Tage', 'noch 21 Tage'],
    es: ['queda 1 día', 'quedan 2 días', 'quedan 21 días'],
    fr: ['encore 1 jour', 'encore 2 jours', 'encore 21 jours'],
    it: ['ancora 1 giorno', 'ancora 2 giorni', 'ancora 21 giorni'],
  };

  it.each(LOCALES.map((locale) => [locale]))('%s: counts the days with the language’s plurals, and says when it expired', (locale) => {
    expect([1, 2, 21].map((days) => countdownText(locale, at(days * DAY - 1000), now))).toEqual(expected[locale]);
    expect(countdownText(locale, at(-1), now)).not.toMatch(/\d/);
  });

  it('states device, price, date, countdown and link', () => {
    const mail = offerMail({ locale: 'de', email: 'erika@example.com', offer, url: 'https://www.tradein.de/produkte/x?offer=t', now });
    expect(mail.subject).toBe('Ihr Angebot für Apple iPhone 13 128 GB: 310,00\u00a0€');
    expect(mail.text).toContain('Gültig bis 14.12.26 (noch 21 Tage)');
    expect(mail.text).toContain('https://www.tradein.de/produkte/x?offer=t');
    expect(mail.html).toContain('href="https://www.tradein.de/produkte/x?offer=t"');
    const recycling = offerMail({ locale: 'fr', email: 'a@example.com', offer: { ...offer, kind: 'recycling', price: 0 }, url: 'u', now });
    expect(recycling.subject).toBe('Votre offre pour Apple iPhone 13 128 GB : recyclage gratuit');
  });
});
