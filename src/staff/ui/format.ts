// Money and times as the back office shows them: exact euros (amounts are cents) and local date and
// time, in the user's language.

import { useLingui } from '@lingui/react';
import { useMemo } from 'react';

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

/** Today in the user's time zone, as YYYY-MM-DD (a date field's value). */
export const today = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
