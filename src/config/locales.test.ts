import { describe, expect, it } from 'vitest';
import { assertLocale, LANGUAGE_TAG, LOCALES, LocaleError } from './locales';

describe('locale validation (product §5)', () => {
  it.each(LOCALES)('accepts %s', (code) => {
    expect(assertLocale(code)).toBe(code);
  });
  it.each(['en', 'DE', 'de-DE', 'xx', 'german'])('rejects %j as "invalid locale"', (code) => {
    expect(() => assertLocale(code)).toThrow(new LocaleError('invalid locale'));
  });
  it.each(['', '   ', undefined, null])('rejects %j as "missing locale"', (code) => {
    expect(() => assertLocale(code)).toThrow('missing locale');
  });
  it('maps every locale to a language tag, Austria to de-AT', () => {
    expect(LANGUAGE_TAG.at).toBe('de-AT');
    expect(LANGUAGE_TAG.default).toBe('en');
    expect(new Set(Object.values(LANGUAGE_TAG)).size).toBe(LOCALES.length);
  });
});
