// Reading what a generated PDF draws, for the label, credit note and brand tests: the page's
// content streams inflated, and how a standard-font string shows in them.

import { decodePDFRawStream, PDFArray, PDFRawStream, type PDFPage } from '@pdfme/pdf-lib';

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
