// Text as a SEPA credit transfer may carry it (EPC SEPA Credit Transfer rulebook, implementation
// guidelines: the Latin character set): a-z A-Z 0-9 / - ? : ( ) . , ' + and space. Names and
// remittance lines of sellers in five countries hold umlauts, accents and ß; banks refuse or mangle
// anything outside the set, so it is transliterated before the file is written (decision 074).

/** Letters whose transliteration is not "drop the accent" (German and Nordic conventions banks use). */
const SPECIAL: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '&': '+',
  '’': "'",
  '‘': "'",
  '‚': ',',
  '–': '-',
  '—': '-',
  _: '-',
  '"': "'",
  '„': "'",
  '“': "'",
  '”': "'",
  '«': "'",
  '»': "'",
};

const ALLOWED = /[A-Za-z0-9/\-?:().,'+ ]/;

/**
 * `text` in the SEPA character set, at most `max` characters: special letters spelt out (ä → ae,
 * ß → ss), other accents dropped (é → e), anything else a space; runs of spaces collapsed.
 */
export function sepaText(text: string, max: number): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const special = SPECIAL[char];
    if (special !== undefined) {
      out += special;
      continue;
    }
    // Decompose (é → e + ◌́, № → No) and keep what is left in the set.
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...base].map((c) => (ALLOWED.test(c) ? c : ' ')).join('');
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/**
 * A reference (message, payment information and end-to-end ids): the character set, at most 35
 * characters, and, by the EPC rules for references, neither starting nor ending with "/" nor holding "//".
 */
export function sepaReference(text: string): string {
  const reference = sepaText(text, 35)
    .replace(/\s/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '');
  if (reference === '') throw new Error(`"${text}" leaves no SEPA reference`);
  return reference;
}
