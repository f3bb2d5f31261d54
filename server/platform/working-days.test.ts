// Working-day arithmetic per country: weekends, national holidays of each country (and not another
// country's), the turn of the year, and the calendar day in the country's time zone.

import { describe, expect, it } from 'vitest';
import { lateBonusCents, PAYOUT_PROMISES } from '../../src/config/payout-promise';
import { addWorkingDays, isWorkingDay, localDate } from './working-days';

describe('addWorkingDays', () => {
  it('skips the weekend: Thursday + 2 is Monday, Friday + 2 is Tuesday, Saturday + 2 is Tuesday', () => {
    expect(addWorkingDays('2026-11-19', 2, 'DE')).toBe('2026-11-23');
    expect(addWorkingDays('2026-11-20', 2, 'DE')).toBe('2026-11-24');
    expect(addWorkingDays('2026-11-21', 2, 'DE')).toBe('2026-11-24');
    expect(addWorkingDays('2026-11-23', 2, 'DE')).toBe('2026-11-25');
  });

  it('skips Christmas and New Year in Germany (24 and 31 December are working days there)', () => {
    // Wednesday 23 December 2026: Thursday 24th, then Friday 25th (holiday) and the weekend, then Monday 28th.
    expect(addWorkingDays('2026-12-23', 2, 'DE')).toBe('2026-12-28');
    // Wednesday 30 December: Thursday 31st, Friday 1 January (holiday), the weekend, Monday 4 January.
    expect(addWorkingDays('2026-12-30', 2, 'DE')).toBe('2027-01-04');
    expect(addWorkingDays('2026-12-29', 2, 'DE')).toBe('2026-12-31');
  });

  it("knows each country's own holidays", () => {
    // 8 December (Immacolata) is a holiday in Italy, Austria and Spain, not in Germany or France.
    expect(isWorkingDay('2026-12-08', 'IT')).toBe(false);
    expect(isWorkingDay('2026-12-08', 'AT')).toBe(false);
    expect(isWorkingDay('2026-12-08', 'DE')).toBe(true);
    expect(addWorkingDays('2026-12-07', 1, 'IT')).toBe('2026-12-09');
    expect(addWorkingDays('2026-12-07', 1, 'DE')).toBe('2026-12-08');
    // 11 November (Armistice) in France; 3 October (German Unity, a Saturday in 2026: 2025's is a Friday) in Germany.
    expect(isWorkingDay('2026-11-11', 'FR')).toBe(false);
    expect(isWorkingDay('2026-11-11', 'DE')).toBe(true);
    expect(addWorkingDays('2025-10-02', 1, 'DE')).toBe('2025-10-06');
    expect(addWorkingDays('2025-10-02', 1, 'FR')).toBe('2025-10-03');
    // 12 October (Fiesta Nacional) in Spain, a Monday in 2026.
    expect(addWorkingDays('2026-10-09', 1, 'ES')).toBe('2026-10-13');
  });

  it('counts days in the time zone: 23:30 UTC on 24 November is 25 November in Berlin', () => {
    expect(localDate(new Date('2026-11-24T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-25');
    expect(localDate(new Date('2026-11-24T22:30:00Z'), 'Europe/Berlin')).toBe('2026-11-24');
  });
});

describe('lateBonusCents', () => {
  const promise = PAYOUT_PROMISES.de;
  it('is 5 % rounded half up to cents', () => {
    expect(lateBonusCents(31_000, promise)).toBe(1_550);
    expect(lateBonusCents(1_010, promise)).toBe(51); // 50.5 → 51
    expect(lateBonusCents(1_009, promise)).toBe(50); // 50.45 → 50
    expect(lateBonusCents(1, promise)).toBe(0);
    expect(lateBonusCents(10, promise)).toBe(1); // 0.5 → 1
  });

  it('is at most 20 €, and nothing for nothing paid', () => {
    expect(lateBonusCents(40_000, promise)).toBe(2_000);
    expect(lateBonusCents(39_999, promise)).toBe(2_000);
    expect(lateBonusCents(39_990, promise)).toBe(2_000); // 1999.5 → 2000
    expect(lateBonusCents(39_980, promise)).toBe(1_999);
    expect(lateBonusCents(0, promise)).toBe(0);
  });
});
