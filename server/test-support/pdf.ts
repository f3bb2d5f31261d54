// Reading what a generated PDF draws, for the label, credit note and brand tests: the page's
// content streams inflated, and how a standard-font string shows in them.

import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFRawStream, type PDFPage } from '@pdfme/pdf-lib';

/** The page's content stream, inflated. */
export function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    })
    .join('\n');
}

/** How a standard-font string shows in the content stream: WinAnsi bytes in hex (… and € as WinAnsi has them). */
export const shownInPdf = (text: string) =>
  Buffer.from(text.replace(/…/g, '\x85').replace(/€/g, '\x80'), 'latin1').toString('hex').toUpperCase();

/** A font's ToUnicode map (glyph code in hex → text), read from its CMap's bfchar and bfrange entries. */
function toUnicode(font: PDFDict): Map<string, string> | null {
  const stream = font.lookup(PDFName.of('ToUnicode'));
  if (!(stream instanceof PDFRawStream)) return null;
  const cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(code!.toUpperCase(), utf16(text!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, start, end, rest] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)/g)) {
      const from = parseInt(start!, 16);
      const to = parseInt(end!, 16);
      const targets = rest!.startsWith('[') ? [...rest!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => m[1]!) : null;
      for (let code = from; code <= to; code++) {
        const key = code.toString(16).toUpperCase().padStart(start!.length, '0');
        if (targets) map.set(key, utf16(targets[code - from]!));
        else {
          const base = Buffer.from(rest!.slice(1, -1), 'hex').swap16();
          const first = String.fromCodePoint(base.toString('utf16le').codePointAt(0)! + code - from);
          map.set(key, first);
        }
      }
    }
  }
  return map;
}

/**
 * The text a page draws, one entry per string shown (Tj), in drawing order: strings of an embedded
 * font read through its ToUnicode map, those of a standard font as WinAnsi (Latin-1) bytes.
 */
export function pageTexts(page: PDFPage): string[] {
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const decoders = new Map<string, ((hex: string) => string) | null>();
  const decoderOf = (name: string) => {
    if (!decoders.has(name)) {
      const font = fonts?.lookup(PDFName.of(name), PDFDict);
      const map = font ? toUnicode(font) : null;
      decoders.set(name, map ? (hex) => (hex.match(/.{4}/g) ?? []).map((code) => map.get(code) ?? '\uFFFD').join('') : null);
    }
    return decoders.get(name) ?? ((hex: string) => Buffer.from(hex, 'hex').toString('latin1'));
  };
  const texts: string[] = [];
  let font = '';
  for (const [, name, hex] of pageContent(page).matchAll(/\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj/g)) {
    if (name !== undefined) font = name;
    else texts.push(decoderOf(font)(hex!.toUpperCase()));
  }
  return texts;
}
