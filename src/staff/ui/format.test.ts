import { describe, expect, it } from 'vitest';
import { bankToday } from './format';

describe("bankToday (the payout bank's day the server checks batches against)", () => {
  it("is Berlin's day whatever the browser's zone: the last hour of a UTC day is already the next day there", () => {
    expect(bankToday(new Date('2026-11-29T22:59:59Z'))).toBe('2026-11-29');
    expect(bankToday(new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-30');
  });

  it('follows summer time (UTC+2)', () => {
    expect(bankToday(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(bankToday(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});
