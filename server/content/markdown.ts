// Markdown of a content page → sanitised HTML: headings from h2 down with ids and a link to
// themselves, links limited to http(s), mailto, tel and in-page/shop paths (docs/decisions/024).

import type * as MarkedModule from 'marked';
import type { Tokens } from 'marked';
import type SanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../platform/lazy-require';

const markedModule = lazyRequire<typeof MarkedModule>('marked');
const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');

export interface RenderedMarkdown {
  readonly html: string;
  readonly description: string;
  /** Words of the page text (front matter and markup left out). */
  readonly words: number;
}

/** A heading's anchor: lower case ASCII letters and digits joined by hyphens ("Über uns" → "uber-uns"). */
export function anchorOf(text: string): string {
  const id = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return id === '' ? 'section' : id;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SANITIZE: SanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'code',
    'blockquote',
    'br',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href'], h2: ['id'], h3: ['id'], h4: ['id'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Tags outside the list go with their content when they can run code or style the page.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
};

/** Splits `---\ndescription: …\n---` front matter from the body. */
function frontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { fields, body: source.slice(match[0].length) };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const { fields, body } = frontMatter(source);
  const used = new Map<string, number>();
  // A line break inside a paragraph is kept (addresses in the imprint are written line by line).
  const marked = new (markedModule().Marked)({ gfm: true, breaks: true, async: false });
  marked.use({
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        // The page title is the h1; a Markdown "#" becomes h2 so the outline stays whole.
        const level = Math.min(Math.max(depth, 2), 4);
        const base = anchorOf(text);
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n === 0 ? base : `${base}-${n + 1}`;
        return `<h${level} id="${escapeHtml(id)}"><a href="#${escapeHtml(id)}">${this.parser.parseInline(tokens)}</a></h${level}>\n`;
      },
    },
  });
  const html = sanitizeHtml()(marked.parse(body) as string, SANITIZE);
  const text = sanitizeHtml()(html, { allowedTags: [], allowedAttributes: {} });
  const description = fields.description ?? text.replace(/\s+/g, ' ').trim().slice(0, 155);
  return { html, description, words: countWords(text) };
}
