// The shop locales of product §1 and their validation (product §5): the one place that says which codes exist.

export const LOCALES = ['default', 'at', 'de', 'es', 'fr', 'it'] as const;
export type Locale = (typeof LOCALES)[number];

/** Country shops only (the English default shop is not a country). */
export const COUNTRY_LOCALES = ['de', 'at', 'es', 'fr', 'it'] as const satisfies readonly Locale[];

export class LocaleError extends Error {
  constructor(message: 'invalid locale' | 'missing locale') {
    super(message);
    this.name = 'LocaleError';
  }
}

export function isLocale(code: unknown): code is Locale {
  return typeof code === 'string' && (LOCALES as readonly string[]).includes(code);
}

/** Validates a locale code once at the edge; throws "missing locale" / "invalid locale" (product §5). */
export function assertLocale(code: string | null | undefined): Locale {
  if (code === undefined || code === null || code.trim() === '') throw new LocaleError('missing locale');
  if (!isLocale(code)) throw new LocaleError('invalid locale');
  return code;
}

/** BCP 47 language tag for `<html lang>` and the Lingui catalog id. */
export const LANGUAGE_TAG: Record<Locale, string> = {
  default: 'en',
  de: 'de',
  at: 'de-AT',
  es: 'es',
  fr: 'fr',
  it: 'it',
};

/** Every shop language is written left to right; kept as data so a new language only adds a row. */
export const TEXT_DIRECTION: Record<Locale, 'ltr' | 'rtl'> = {
  default: 'ltr',
  de: 'ltr',
  at: 'ltr',
  es: 'ltr',
  fr: 'ltr',
  it: 'ltr',
};
