// The payout promise per country shop (issue 18 part 4): paid within `workingDays` working days after
// the devices arrived or were inspected, whichever is later; otherwise a bonus of `bonusBasisPoints`
// of the payout (1/100 %), at most `bonusCapCents`, added to the payout automatically. Working days are
// Monday to Friday without the country's national public holidays (`holidayCountry`, in its time zone;
// decision 043). The shop's texts (thank-you page, account, how-it-works) and the ops CLI read it here.

import type { Locale } from './locales';

export interface PayoutPromise {
  readonly workingDays: number;
  readonly bonusBasisPoints: number;
  readonly bonusCapCents: number;
  /** ISO 3166 country of the public holidays. */
  readonly holidayCountry: 'DE' | 'AT' | 'ES' | 'FR' | 'IT';
  /** IANA time zone in which a day begins and ends. */
  readonly timeZone: string;
}

const STANDARD = { workingDays: 2, bonusBasisPoints: 500, bonusCapCents: 2000 } as const;

export const PAYOUT_PROMISES: Readonly<Record<Locale, PayoutPromise>> = {
  // The English default shop follows the German business rules (product §1).
  default: { ...STANDARD, holidayCountry: 'DE', timeZone: 'Europe/Berlin' },
  de: { ...STANDARD, holidayCountry: 'DE', timeZone: 'Europe/Berlin' },
  at: { ...STANDARD, holidayCountry: 'AT', timeZone: 'Europe/Vienna' },
  es: { ...STANDARD, holidayCountry: 'ES', timeZone: 'Europe/Madrid' },
  fr: { ...STANDARD, holidayCountry: 'FR', timeZone: 'Europe/Paris' },
  it: { ...STANDARD, holidayCountry: 'IT', timeZone: 'Europe/Rome' },
};

/** The late-payout bonus of a payout: the percentage rounded half up to whole cents, at most the cap. */
export function lateBonusCents(payoutCents: number, promise: Pick<PayoutPromise, 'bonusBasisPoints' | 'bonusCapCents'>): number {
  if (payoutCents <= 0) return 0;
  return Math.min(promise.bonusCapCents, Math.floor((payoutCents * promise.bonusBasisPoints + 5_000) / 10_000));
}
