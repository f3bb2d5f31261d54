import { describe, expect, it } from 'vitest';
import { formatDate, isValidPostalCode } from './rules';

describe('postal codes (product §5)', () => {
  it.each([
    ['de', '10115', true],
    ['de', '01067', true],
    ['de', '00000', false],
    ['de', '00999', false],
    ['de', '99998', true],
    ['de', '1011', false],
    ['de', '101155', false],
    ['de', '1O115', false],
    ['de', '10 115', false],
    ['de', ' 10115', false],
    ['de', '', false],
    ['es', '28001', true],
    ['es', '2800', false],
    ['it', '00184', true],
    ['it', '0018a', false],
    ['it', '00000', false],
    ['it', '00010', true],
    ['it', '99000', false],
    ['es', '00000', false],
    ['es', '53000', false],
    ['es', '52001', true],
    ['at', '1010', true],
    ['at', '0100', false],
    ['at', '9992', true],
    ['at', '10101', false],
    ['at', '101', false],
    ['at', 'A-1010', false],
    ['fr', '00100', false],
    ['fr', '01000', true],
    ['fr', '75001', true],
    ['fr', '98000', true],
    ['fr', '98999', true],
    ['fr', '99000', false],
    ['fr', '2A004', false],
    ['fr', '7500', false],
    ['default', '12345', true],
    ['default', '1234', false],
  ] as const)('%s %j → %s', (locale, code, valid) => {
    expect(isValidPostalCode(locale, code)).toBe(valid);
  });
});

describe('date display (product §5)', () => {
  const date = new Date(Date.UTC(2026, 0, 5));
  it('is dd.mm.yy in DE, AT and the default shop', () => {
    expect(formatDate('de', date)).toBe('05.01.26');
    expect(formatDate('at', date)).toBe('05.01.26');
    expect(formatDate('default', date)).toBe('05.01.26');
  });
  it('is dd/mm/yy in ES, FR, IT', () => {
    expect(formatDate('es', date)).toBe('05/01/26');
    expect(formatDate('fr', date)).toBe('05/01/26');
    expect(formatDate('it', date)).toBe('05/01/26');
  });
  it('pads the two-digit year of 2000 and handles the last day of a year', () => {
    expect(formatDate('de', Date.UTC(2000, 11, 31))).toBe('31.12.00');
    expect(formatDate('fr', '2009-03-09T23:59:59Z')).toBe('09/03/09');
  });
  it('rejects an invalid date', () => {
    expect(() => formatDate('de', 'not a date')).toThrow(RangeError);
  });
});
