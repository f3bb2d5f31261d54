// The hashes a page's CSP names: every inline script the browser runs, nothing else, computed over the
// text as the browser parses it.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './script-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('names each inline script once, in document order, and skips data blocks and external scripts', () => {
    const html = [
      '<script id="page-assets" type="application/json">{"entry":"/e.js"}</script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script>a()</script>',
      '<script type="module" src="/e.js"></script>',
      '<script id="entry-loader">b("é")</script>',
      '<script>a()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b("é")')]);
  });

  it('hashes the text with its line breaks as the browser parses them', () => {
    expect(inlineScriptHashes('<script>a\r\nb\rc</script>')).toEqual([sha('a\nb\nc')]);
  });

  it('finds none in a page without scripts', () => {
    expect(inlineScriptHashes('<p>&lt;script&gt;x()&lt;/script&gt;</p>')).toEqual([]);
  });
});
