// Text analysis as Elasticsearch's `standard` analyzer does it: the Unicode word boundaries of UAX #29
// (approximated: letters and digits form words; `.`, `'`, `:` join letters and `.`, `,`, `;` join
// digits only when a word character follows, as in "U.S.A", "iPhone's", "2.8" and "1,000"; `_`
// joins; combining marks stay with their word; every Han or Hiragana character is a token of its
// own), then lower case per code point. No stemming, no stop words. Tokens longer than 255 UTF-16
// units are split, like the standard tokenizer's max_token_length.

const MAX_TOKEN_LENGTH = 255;

const OTHER = 0;
const LETTER = 1;
const DIGIT = 2;
const EXTEND = 3;
const CONNECTOR = 4;
const MID_LETTER = 5;
const MID_NUM_LET = 6;
const MID_NUM = 7;
const IDEOGRAPH = 8;

const IDEOGRAPH_RE = /[\p{Script=Han}\p{Script=Hiragana}]/u;
const LETTER_RE = /[\p{L}\p{Nl}]/u;
const DIGIT_RE = /\p{Nd}/u;
const EXTEND_RE = /[\p{M}\p{Cf}]/u;
const CONNECTOR_RE = /\p{Pc}/u;
const MID_LETTER_CHARS = new Set([0x3a, 0xb7, 0x387, 0x5f4, 0x2027, 0xfe13, 0xfe55, 0xff1a]);
const MID_NUM_LET_CHARS = new Set([0x27, 0x2e, 0x2018, 0x2019, 0x2024, 0xfe52, 0xff07, 0xff0e]);
const MID_NUM_CHARS = new Set([
  0x2c, 0x3b, 0x37e, 0x589, 0x60c, 0x60d, 0x66c, 0x7f8, 0x2044, 0xfe10, 0xfe14, 0xfe50, 0xfe54, 0xff0c, 0xff1b,
]);

function classify(cp: number): number {
  if (cp < 0x80) {
    if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a)) return LETTER;
    if (cp >= 0x30 && cp <= 0x39) return DIGIT;
    if (cp === 0x5f) return CONNECTOR;
  }
  if (MID_NUM_LET_CHARS.has(cp)) return MID_NUM_LET;
  if (MID_LETTER_CHARS.has(cp)) return MID_LETTER;
  if (MID_NUM_CHARS.has(cp)) return MID_NUM;
  if (cp < 0x80) return OTHER;
  const ch = String.fromCodePoint(cp);
  if (IDEOGRAPH_RE.test(ch)) return IDEOGRAPH;
  if (LETTER_RE.test(ch)) return LETTER;
  if (DIGIT_RE.test(ch)) return DIGIT;
  if (EXTEND_RE.test(ch)) return EXTEND;
  if (CONNECTOR_RE.test(ch)) return CONNECTOR;
  return OTHER;
}

/** Class of the first character at or after `i` that is not a combining mark or format character. */
function nextClass(text: string, i: number): number {
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const cls = classify(cp);
    if (cls !== EXTEND) return cls;
    i += cp > 0xffff ? 2 : 1;
  }
  return OTHER;
}

function joins(mid: number, before: number, after: number): boolean {
  if (before !== after) return false;
  if (mid === MID_LETTER) return before === LETTER;
  if (mid === MID_NUM) return before === DIGIT;
  return before === LETTER || before === DIGIT;
}

/**
 * Lower case per code point like Lucene's LowerCaseFilter (Java's Character.toLowerCase): no
 * context-dependent final sigma and a dotted capital I that becomes a plain "i".
 */
export function lowerCase(token: string): string {
  if (!/[\u0130\u03a3]/.test(token)) return token.toLowerCase();
  let out = '';
  for (const ch of token) out += ch === '\u0130' ? 'i' : ch.toLowerCase();
  return out;
}

function emit(tokens: string[], word: string): void {
  for (let i = 0; i < word.length; i += MAX_TOKEN_LENGTH) tokens.push(word.slice(i, i + MAX_TOKEN_LENGTH));
}

/** The tokens of `text` as the standard analyzer gives them: "Galaxy S24 Ultra" → ["galaxy", "s24", "ultra"]. */
export function analyze(text: string): string[] {
  return tokenize(text).map(lowerCase);
}

/** The standard tokenizer alone (case kept): "iPhone 15" → ["iPhone", "15"]. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  let last = OTHER;
  let hasWordChar = false;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const cls = classify(cp);
    if (cls === LETTER || cls === DIGIT || cls === CONNECTOR) {
      if (start < 0) {
        start = i;
        hasWordChar = false;
      }
      if (cls !== CONNECTOR) hasWordChar = true;
      last = cls;
    } else if (cls === EXTEND) {
      // Stays with the word in progress; outside a word it is dropped.
    } else if (
      (cls === MID_LETTER || cls === MID_NUM_LET || cls === MID_NUM) &&
      start >= 0 &&
      joins(cls, last, nextClass(text, i + width))
    ) {
      last = OTHER;
    } else {
      if (start >= 0 && hasWordChar) emit(tokens, text.slice(start, i));
      start = -1;
      if (cls === IDEOGRAPH) emit(tokens, text.slice(i, i + width));
    }
    i += width;
  }
  if (start >= 0 && hasWordChar) emit(tokens, text.slice(start));
  return tokens;
}
