// The content pages of every shop: Markdown files in data/content/{locale}/{slug}.md, rendered once
// and kept. The Austrian shop has its own files where its law or carrier differ and reads the
// German ones otherwise (both shops share slugs, product §2).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_SLUGS, type ContentPage } from '../../src/config/content';
import type { Locale } from '../../src/config/locales';
import type { ContentSource } from '../../src/services/content/source';
import { CONTENT_DIR } from '../platform/paths';
import { renderMarkdown, type RenderedMarkdown } from './markdown';

/** Where a locale without its own file reads from. */
const FALLBACK: Partial<Record<Locale, Locale>> = { at: 'de' };

/** The Markdown file of a page in a shop, or undefined when there is none. */
export function contentFile(locale: Locale, page: ContentPage, dir = CONTENT_DIR): string | undefined {
  const slug = CONTENT_SLUGS[locale][page];
  for (let l: Locale | undefined = locale; l; l = FALLBACK[l]) {
    const file = join(dir, l, `${slug}.md`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

export interface ContentLibrary {
  /** The rendered page, or null when the shop has no such page or file. */
  page(locale: Locale, page: ContentPage): RenderedMarkdown | null;
  /** As the route loaders take it. */
  readonly source: ContentSource;
}

export function contentLibrary(dir = CONTENT_DIR): ContentLibrary {
  const cache = new Map<string, RenderedMarkdown | null>();
  const page = (locale: Locale, key: ContentPage): RenderedMarkdown | null => {
    const id = `${locale}/${key}`;
    if (!cache.has(id)) {
      const file = contentFile(locale, key, dir);
      cache.set(id, file ? renderMarkdown(readFileSync(file, 'utf8')) : null);
    }
    return cache.get(id) ?? null;
  };
  return {
    page,
    source: (locale, key) => {
      const rendered = page(locale, key);
      return Promise.resolve(rendered && { html: rendered.html, description: rendered.description });
    },
  };
}
