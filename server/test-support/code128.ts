// A Code 128 reader for tests: module widths (bar first, as drawn) back to the text, checking the
// start, check and stop symbols. Independent of the encoder the label uses (bwip-js).

/** The 107 symbol patterns, module widths bar, space, bar, … (ISO/IEC 15417 table 1); 106 is stop. */
const PATTERNS: readonly string[] = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];
const STOP = 106;

/** The text of a Code 128 symbol (code sets A, B and C); throws when the symbol is not valid. */
export function readCode128(widths: readonly number[]): string {
  const stop = widths.slice(-7).join('');
  if (stop !== PATTERNS[STOP]) throw new Error('no stop pattern');
  const body = widths.slice(0, -7);
  if (body.length % 6 !== 0) throw new Error('the symbols are not 6 elements each');
  const values: number[] = [];
  for (let i = 0; i < body.length; i += 6) {
    const value = PATTERNS.indexOf(body.slice(i, i + 6).join(''));
    if (value < 0 || value === STOP) throw new Error(`no symbol at element ${i}`);
    values.push(value);
  }
  const [start, ...rest] = values;
  const check = rest.pop();
  if (start === undefined || start < 103 || check === undefined) throw new Error('no start or check symbol');
  if (rest.reduce((sum, value, i) => sum + value * (i + 1), start) % 103 !== check) throw new Error('wrong check symbol');
  let set: 'A' | 'B' | 'C' = start === 103 ? 'A' : start === 104 ? 'B' : 'C';
  let text = '';
  for (const value of rest) {
    if (set === 'C' && value < 100) text += String(value).padStart(2, '0');
    else if (value === 99) set = 'C';
    else if (value === 100 && set !== 'B') set = 'B';
    else if (value === 101 && set !== 'A') set = 'A';
    else if (value < 96) text += String.fromCharCode(set === 'A' && value >= 64 ? value - 64 : value + 32);
    else throw new Error(`function symbol ${value} is not read here`);
  }
  return text;
}
