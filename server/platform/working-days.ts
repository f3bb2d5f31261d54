// Working days per country (issue 18 part 4, decision 043): Monday to Friday without the country's
// national public holidays from date-holidays (regional holidays are left out: one date per country).
// Dates are calendar days (YYYY-MM-DD) in the country's time zone.

import type HolidaysClass from 'date-holidays';
import type { PayoutPromise } from '../../src/config/payout-promise';
import { lazyRequire } from './lazy-require';

/** date-holidays (with its astronomy) loads with the first holiday list asked for. */
const Holidays = lazyRequire<typeof HolidaysClass>('date-holidays');

type Country = PayoutPromise['holidayCountry'];

const holidaySets = new Map<string, ReadonlySet<string>>();

/** The national public holidays of a country and year, as YYYY-MM-DD. */
export function publicHolidays(country: Country, year: number): ReadonlySet<string> {
  const key = `${country}:${year}`;
  let set = holidaySets.get(key);
  if (!set) {
    const holidays = new (Holidays())(country, { types: ['public'] });
    set = new Set(
      holidays
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    holidaySets.set(key, set);
  }
  return set;
}

/** The calendar day of an instant in a time zone (YYYY-MM-DD). */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const nextDay = (day: string): string => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

export function isWorkingDay(day: string, country: Country): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !publicHolidays(country, Number(day.slice(0, 4))).has(day);
}

/** The `count`-th working day after `day` (the day itself does not count, whether a working day or not). */
export function addWorkingDays(day: string, count: number, country: Country): string {
  let current = day;
  let left = count;
  while (left > 0) {
    current = nextDay(current);
    if (isWorkingDay(current, country)) left -= 1;
  }
  return current;
}
