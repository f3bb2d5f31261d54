// Every shop has every content page as a Markdown file in its language (Austria may read the German
// file), each with a description and at least 150 words of text.

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../src/config/content';
import { LOCALES } from '../../src/config/locales';
import { PROJECT_ROOT } from '../platform/paths';
import { contentFile } from './library';
import { renderMarkdown } from './markdown';

describe.each(LOCALES)('content pages of the %s shop', (locale) => {
  it.each(CONTENT_PAGES)('%s exists, has a description and at least 150 words', (page) => {
    const file = contentFile(locale, page);
    expect(file, `${locale}/${page}`).toBeDefined();
    // Only the Austrian shop may read another locale's file.
    const folder = relative(PROJECT_ROOT, file!).split(/[\\/]/).at(-2);
    expect(locale === 'at' ? ['at', 'de'] : [locale]).toContain(folder);
    const source = readFileSync(file!, 'utf8');
    expect(source, 'front matter with a description').toMatch(/^---\r?\ndescription: \S.{40,}\r?\n/);
    const rendered = renderMarkdown(source);
    expect(rendered.words, `${relative(PROJECT_ROOT, file!)} words`).toBeGreaterThanOrEqual(150);
    expect(rendered.description.length).toBeLessThanOrEqual(170);
  });
});
