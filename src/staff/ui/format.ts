// Money and times as the back office shows them: exact euros (amounts are cents) and local date and
// time, in the user's language.

import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { PAYOUT_BANK_TIME_ZONE } from '../../config/constants';

export interface Format {
  money(cents: number): string;
  dateTime(iso: string): string;
  date(iso: string): string;
}

export function formatFor(locale: string): Format {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return {
    money: (cents) => money.format(cents / 100),
    dateTime: (iso) => dateTime.format(new Date(iso)),
    date: (iso) => date.format(new Date(iso)),
  };
}

export function useFormat(): Format {
  const { i18n } = useLingui();
  return useMemo(() => formatFor(i18n.locale), [i18n.locale]);
}

/** Today at the payout bank (PAYOUT_BANK_TIME_ZONE), as YYYY-MM-DD (a date field's value): the day the server checks. */
export const bankToday = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: PAYOUT_BANK_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
