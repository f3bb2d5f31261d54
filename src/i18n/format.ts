// Formatting helpers that follow the shop's country rules.

import { countryConfig } from '../config/countries';
import type { Locale } from '../config/locales';
export { formatDate } from '../config/rules';

const priceFormats = new Map<Locale, Intl.NumberFormat>();

/** A euro amount in the shop's number format, e.g. 1.234,50 € (de-DE) or €1,234.50 (en-GB). */
export function formatPrice(locale: Locale, amount: number): string {
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(countryConfig(locale).icuLocale, { style: 'currency', currency: 'EUR' });
    priceFormats.set(locale, format);
  }
  return format.format(amount);
}

/** A number in the shop's format with a fixed number of decimals, e.g. 4,8 (de-DE) or 4.8 (en-GB). */
export function formatNumber(locale: Locale, value: number, decimals: number): string {
  return new Intl.NumberFormat(countryConfig(locale).icuLocale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
