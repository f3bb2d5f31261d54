// The trade number as a Code 128 symbol (bwip-js encodes it: code sets, check symbol, stop), as bars
// to draw on the label.

import bwipjs from 'bwip-js/node';

/** Quiet zone required on each side of the symbol, in modules. */
export const QUIET_ZONE_MODULES = 10;

export interface Bar {
  /** Offset from the symbol's left edge (after the quiet zone), in modules. */
  readonly x: number;
  readonly width: number;
}

/** The widths (in modules) of the whole symbol, bar first, quiet zones not included. */
export function code128Widths(text: string): number[] {
  if (text === '') throw new Error('Code 128 needs at least one character.');
  const [symbol] = bwipjs.raw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no linear Code 128 symbol.');
  return symbol.sbs;
}

/** The dark bars to draw, in modules from the start of the symbol. */
export function code128Bars(text: string): { bars: Bar[]; modules: number } {
  const bars: Bar[] = [];
  let x = 0;
  code128Widths(text).forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { bars, modules: x };
}
