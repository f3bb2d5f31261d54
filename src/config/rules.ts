// Country rules as functions (spec §5): postal codes and date display.

import { countryConfig } from './countries';
import type { Locale } from './locales';

/** True when `code` is a postal code of the locale's country. No trimming: the form trims, the rule judges. */
export function isValidPostalCode(locale: Locale, code: string): boolean {
  return countryConfig(locale).zipFormatRegExp.test(code);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats a calendar date as dd.mm.yy (DE, AT, default) or dd/mm/yy (ES, FR, IT), in UTC. */
export function formatDate(locale: Locale, date: Date | string | number): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) throw new RangeError('invalid date');
  const separator = countryConfig(locale).dateFormat === 'dd.mm.yy' ? '.' : '/';
  return [pad(d.getUTCDate()), pad(d.getUTCMonth() + 1), pad(d.getUTCFullYear() % 100)].join(separator);
}
