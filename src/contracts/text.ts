// The one rule for text a request carries (DESIGN.md §3: contracts shared by client and server).
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
