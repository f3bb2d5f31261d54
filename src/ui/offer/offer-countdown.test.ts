// The countdown of an offer: whole days left, counted up; close to expiry from 3 days; and its words
// in every shop's catalog with the language's plural rules (the mail's: server/offers/mail.test.ts).

import { describe, expect, it } from 'vitest';
import { CLOSE_TO_EXPIRY_DAYS, countdownOf, daysLeft } from '../../config/offer-countdown';
import { LOCALES } from '../../config/locales';
import { createI18n, loadMessages } from '../../i18n/i18n';
import { countdownMessage } from './offer-countdown';

const DAY = 86_400_000;
const now = Date.parse('2026-11-24T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('countdownOf', () => {
  it('counts whole days up: a fresh 21-day offer has 21 days left, the last hours 1', () => {
    expect(daysLeft(at(21 * DAY - 1000), now)).toBe(21);
    expect(daysLeft(at(20 * DAY + 3_600_000), now)).toBe(21);
    expect(daysLeft(at(20 * DAY), now)).toBe(20);
    expect(countdownOf(at(60_000), now)).toEqual({ state: 'closing', days: 1 });
  });

  it('is closing from 3 days left, and expired at validUntil (not after)', () => {
    expect(countdownOf(at(CLOSE_TO_EXPIRY_DAYS * DAY), now)).toEqual({ state: 'closing', days: 3 });
    expect(countdownOf(at(CLOSE_TO_EXPIRY_DAYS * DAY + 1), now)).toEqual({ state: 'open', days: 4 });
    expect(countdownOf(at(0), now)).toEqual({ state: 'expired' });
    expect(countdownOf(at(-DAY), now)).toEqual({ state: 'expired' });
    expect(daysLeft(at(-DAY), now)).toBe(0);
  });
});

describe('countdown words per locale (ICU plurals)', () => {
  const expected: Record<string, [string, string, string]> = {
    default: ['1 day left', '2 days left', '21 days left'],
    de: ['noch 1 Tag', 'noch 2 Tage', 'noch 21 Tage'],
    at: ['noch 1 Tag', 'noch 2 Tage', 'noch 21 Tage'],
    es: ['queda 1 día', 'quedan 2 días', 'quedan 21 días'],
    fr: ['encore 1 jour', 'encore 2 jours', 'encore 21 jours'],
    it: ['ancora 1 giorno', 'ancora 2 giorni', 'ancora 21 giorni'],
  };

  it.each(LOCALES.map((locale) => [locale]))('%s: the shop says one and other apart', async (locale) => {
    const i18n = createI18n(locale, await loadMessages(locale));
    const words = [1, 2, 21].map((days) => i18n._(countdownMessage(days)));
    expect(words).toEqual(expected[locale]);
  });
});
