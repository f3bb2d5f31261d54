// The Content-Security-Policy sources of a rendered page's inline scripts: one 'sha256-…' per script
// the browser runs (decision 089). A page carries no per-answer nonce, so the same bytes can be
// kept and sent to every visitor; the loader script, one of the hashed ones, adds the page's modules,
// which 'strict-dynamic' then trusts.

import { createHash } from 'node:crypto';

/**
 * Every <script> element with its attributes and text. React escapes `<` and `>` in text and in
 * attribute values, and the router escapes `</script` inside its data, so the first `</script>`
 * after an opening tag is the element's end.
 */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Data blocks (the asset list, structured data): the browser never runs them, so no policy names them. */
const DATA_BLOCK = /\btype\s*=\s*"application\/(?:ld\+)?json"/i;

/** The base64 SHA-256 sources of the inline scripts of an HTML document, in document order, each once. */
export function inlineScriptHashes(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (text === '' || /\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    // The browser hashes the element's text as parsed: line breaks normalized to LF.
    const parsed = text.replace(/\r\n?/g, '\n');
    sources.add(`'sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}
