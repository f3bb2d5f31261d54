import { describe, expect, it } from 'vitest';
import { readCode128 } from '../test-support/code128';
import { code128Bars, code128Widths } from './barcode';

describe('Code 128 of a trade number', () => {
  it.each(['TR-2026-000123', 'TR-2026-999999', 'A', 'PJJ123C', '~ '])('encodes %j so that it reads back', (text) => {
    expect(readCode128(code128Widths(text))).toBe(text);
  });

  it('is a valid symbol: every symbol 11 modules, the stop 13, widths 1 to 4', () => {
    const widths = code128Widths('TR-2026-000123');
    const modules = widths.reduce((a, b) => a + b, 0);
    expect((modules - 13) % 11).toBe(0);
    expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
    // The reader refuses a symbol with a wrong check symbol.
    const broken = [...widths];
    [broken[6], broken[7]] = [broken[7]!, broken[6]!];
    expect(() => readCode128(broken)).toThrow();
  });

  it('gives the bars at their module offsets, ending with the stop bar', () => {
    const widths = code128Widths('A');
    const { bars, modules } = code128Bars('A');
    expect(modules).toBe(widths.reduce((a, b) => a + b, 0));
    expect(bars).toHaveLength(Math.ceil(widths.length / 2));
    expect(bars[0]).toEqual({ x: 0, width: widths[0] });
    expect(bars.at(-1)).toEqual({ x: modules - 2, width: 2 });
  });

  it('refuses text it cannot encode', () => {
    expect(() => code128Widths('')).toThrow();
  });
});
