// Country rules as functions (product §5): postal codes and date display.

import { countryConfig } from './countries';
import type { Locale } from './locales';

/** True when `code` is a postal code of the locale's country. No trimming: the form trims, the rule judges. */
export function isValidPostalCode(locale: Locale, code: string): boolean {
  return countryConfig(locale).zipFormatRegExp.test(code);
}

// Two-digit day, month and year of the calendar date in UTC; the country rule only picks the separator.
const dateParts = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit', timeZone: 'UTC' });

/** Formats a calendar date as dd.mm.yy (DE, AT, default) or dd/mm/yy (ES, FR, IT), in UTC. */
export function formatDate(locale: Locale, date: Date | string | number): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) throw new RangeError('invalid date');
  const separator = countryConfig(locale).dateFormat === 'dd.mm.yy' ? '.' : '/';
  const parts = Object.fromEntries(dateParts.formatToParts(d).map((part) => [part.type, part.value]));
  return [parts.day, parts.month, parts.year].join(separator);
}
