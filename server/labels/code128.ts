// Code 128, code set B (printable ASCII 32–126): the symbol values, the mod-103 check symbol and the
// bar/space widths to draw. Written here rather than pulled in: the table and the rule are all there is.

/**
 * The 107 symbol patterns, as module widths alternating bar, space, bar, … (ISO/IEC 15417 table 1).
 * Every symbol is 11 modules wide; the stop pattern (106) has a seventh element, the final bar (13 modules).
 */
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const START_B = 104;
export const STOP = 106;
/** Quiet zone required on each side of the symbol, in modules. */
export const QUIET_ZONE_MODULES = 10;

export class Code128Error extends Error {
  override name = 'Code128Error';
}

/** Symbol values of `text` in code set B: start B, one value per character, the check symbol, stop. */
export function code128BValues(text: string): number[] {
  if (text.length === 0) throw new Code128Error('Code 128 needs at least one character.');
  const data: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 32 || code > 126) throw new Code128Error(`Code 128 set B cannot encode ${JSON.stringify(char)}.`);
    data.push(code - 32);
  }
  return [START_B, ...data, code128Checksum(START_B, data), STOP];
}

/** The check symbol: (start value + Σ position × value) mod 103, positions counted from 1. */
export function code128Checksum(start: number, data: readonly number[]): number {
  return data.reduce((sum, value, index) => sum + value * (index + 1), start) % 103;
}

/** The widths (in modules) of the whole symbol, bar first, quiet zones not included. */
export function code128BWidths(text: string): number[] {
  return code128BValues(text).flatMap((value) => [...CODE128_PATTERNS[value]!].map(Number));
}

export interface Bar {
  /** Offset from the symbol's left edge (after the quiet zone), in modules. */
  readonly x: number;
  readonly width: number;
}

/** The dark bars to draw, in modules from the start of the symbol. */
export function code128BBars(text: string): { bars: Bar[]; modules: number } {
  const bars: Bar[] = [];
  let x = 0;
  code128BWidths(text).forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { bars, modules: x };
}
