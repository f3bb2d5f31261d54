import { describe, expect, it } from 'vitest';
import { Code128Error, CODE128_PATTERNS, code128BBars, code128BValues, code128BWidths, code128Checksum, START_B, STOP } from './code128';

describe('Code 128 set B', () => {
  it('has 107 distinct patterns of 11 modules (the stop pattern 13), three bars each', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(value === STOP ? 13 : 11);
      expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
    });
  });

  it('uses the standard patterns for known symbols', () => {
    expect(CODE128_PATTERNS[0]).toBe('212222'); // space
    expect(CODE128_PATTERNS[16]).toBe('123122'); // '0'
    expect(CODE128_PATTERNS[33]).toBe('111323'); // 'A'
    expect(CODE128_PATTERNS[50]).toBe('231131'); // 'R'
    expect(CODE128_PATTERNS[52]).toBe('213311'); // 'T'
    expect(CODE128_PATTERNS[13]).toBe('122132'); // '-'
    expect(CODE128_PATTERNS[103]).toBe('211412'); // start A
    expect(CODE128_PATTERNS[START_B]).toBe('211214'); // start B
    expect(CODE128_PATTERNS[105]).toBe('211232'); // start C
    expect(CODE128_PATTERNS[STOP]).toBe('2331112');
  });

  it('computes the mod-103 check symbol (worked example PJJ123C → 55)', () => {
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55
    expect(code128BValues('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    // 104 + 55·1 + 73·2 + 75·3 + 73·4 + 80·5 + 69·6 + 68·7 + 73·8 + 65·9 = 3281; 3281 mod 103 = 88
    expect(code128BValues('Wikipedia').at(-2)).toBe(88);
    expect(code128Checksum(START_B, [])).toBe(104 % 103);
  });

  it('encodes a trade number: start B, its characters, the check symbol and stop, as module widths', () => {
    const values = code128BValues('TR-2026-000123');
    expect(values.slice(0, -2)).toEqual([104, 52, 50, 13, 18, 16, 18, 22, 13, 16, 16, 16, 17, 18, 19]);
    const sum = 104 + values.slice(1, -2).reduce((acc, v, i) => acc + v * (i + 1), 0);
    expect(values.at(-2)).toBe(sum % 103);
    expect(values.at(-1)).toBe(STOP);

    const widths = code128BWidths('TR-2026-000123').join('');
    expect(widths).toBe(values.map((v) => CODE128_PATTERNS[v]).join(''));
    expect(widths.startsWith('211214' + '213311' + '231131')).toBe(true);
    expect(widths.endsWith('2331112')).toBe(true);
  });

  it('gives bars at the right module offsets, ending with the stop bar', () => {
    const { bars, modules } = code128BBars('A');
    // start B 211214 | 'A' 111323 | check (104 + 33) mod 103 = 34 → 131123 | stop 2331112
    expect(code128BValues('A')).toEqual([104, 33, 34, 106]);
    expect(modules).toBe(11 * 3 + 13);
    expect(bars.slice(0, 3)).toEqual([
      { x: 0, width: 2 },
      { x: 3, width: 1 },
      { x: 6, width: 1 },
    ]);
    expect(bars.at(-1)).toEqual({ x: modules - 2, width: 2 });
    expect(bars).toHaveLength(4 * 3 + 1);
  });

  it('refuses text outside printable ASCII and empty text', () => {
    expect(() => code128BValues('')).toThrow(Code128Error);
    expect(() => code128BValues('Köln')).toThrow(/cannot encode "ö"/);
    expect(() => code128BValues('a\nb')).toThrow(Code128Error);
    expect(code128BValues('~ ')).toEqual([104, 94, 0, (104 + 94) % 103, 106]);
  });
});
