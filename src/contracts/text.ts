// The one rule for text a request carries (docs/architecture.md: contracts shared by client and server).
// Text that PostgreSQL cannot store (NUL, a lone UTF-16 surrogate) or that no person types (control
// characters other than tab and line breaks) is refused with the issue code 'invalidCharacters';
// clean text is kept in Unicode normal form C, so an "ü" typed decomposed equals the composed one.

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls; a lone surrogate (in `u` mode a pair is one code point). */
// Matching control characters is the point of this expression.
// eslint-disable-next-line no-control-regex
const UNACCEPTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]/u;

/** True when `value` may be stored (after normalising it with `normalizedText`). */
export const isCleanText = (value: string): boolean => !UNACCEPTABLE.test(value);

/** Clean text in Unicode normal form C. */
export const normalizedText = (value: string): string => value.normalize('NFC');

/**
 * What a name, street, house number or city may hold (checkout, account address, payout holder):
 * the letters of the European alphabets — Latin (with its extensions), Greek, Cyrillic — with their
 * accents, digits, spaces and the punctuation people write in addresses. Emoji and other symbols
 * are refused. The ranges are the blocks the shipping label's font (DejaVu Sans, decision 046)
 * prints completely; server/labels/label.test.ts checks that.
 */
// Combining accents (U+0300…) are listed on purpose: a decomposed letter that NFC cannot compose keeps them.
const POSTAL_TEXT =
  // eslint-disable-next-line no-misleading-character-class
  /^[\u0020-\u007E\u00A1\u00A7\u00AA\u00AB\u00B0\u00B4\u00B7\u00BA\u00BB\u00BF\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0300-\u034E\u0370-\u03FF\u0400-\u0525\u1E00-\u1EFB\u1F00-\u1FFF\u2010-\u2027\u2030-\u203A]*$/u;

/** True when `value` (clean text, see isCleanText) holds only letters, digits, spaces and punctuation a postal address uses. */
export const isPostalText = (value: string): boolean => POSTAL_TEXT.test(normalizedText(value));
