// Reads the browser build's manifest and answers which files a page needs: the entry script, its
// style sheets (inlined: their text, read once), and the chunks it loads before the entry (entry
// imports, the matched pages, the locale catalog), each after the chunks it imports.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageAssets } from '../../src/contracts/page-assets';
import { ENTRY_LOADER_SCRIPT } from './entry-loader';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'src/entry-client.tsx';
/** The shell's style sheet, a build input of its own (decision 099): inlined first on every page. */
const SHELL_STYLES = 'src/ui/styles.css';

export interface AssetResolver {
  (modules: { pages: string[]; catalog: string }): PageAssets;
}

/** `./pages/home.tsx` (glob key in src/routes) → manifest key; catalogs live in src/i18n. */
const PAGE_BASE = 'src/routes/';
const CATALOG_BASE = 'src/i18n/';

export function createAssetResolver(clientDir: string): AssetResolver {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`build manifest has no ${ENTRY}`);
  const shellStyles = manifest[SHELL_STYLES];
  if (!shellStyles) throw new Error(`build manifest has no ${SHELL_STYLES}`);
  const cache = new Map<string, PageAssets>();
  const cssText = new Map<string, string>();
  const readCss = (href: string) => {
    let text = cssText.get(href);
    if (text === undefined) {
      text = readFileSync(join(clientDir, href), 'utf8');
      cssText.set(href, text);
    }
    return text;
  };

  /** Adds a chunk after the chunks it imports (`seen` also guards against cycles): the list runs leaves first. */
  function collect(key: string, files: Set<string>, css: Set<string>, seen: Set<string>) {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const c of chunk.css ?? []) css.add(`/${c}`);
    for (const imported of chunk.imports ?? []) collect(imported, files, css, seen);
    files.add(`/${chunk.file}`);
  }

  return ({ pages, catalog }) => {
    const cacheKey = `${catalog}|${pages.join(',')}`;
    const hit = cache.get(cacheKey);
    if (hit) return hit;
    const files = new Set<string>();
    const css = new Set<string>([`/${shellStyles.file}`]);
    const seen = new Set<string>();
    collect(ENTRY, files, css, seen);
    for (const page of pages) collect(PAGE_BASE + page.replace(/^\.\//, ''), files, css, seen);
    collect(CATALOG_BASE + catalog.replace(/^\.\//, ''), files, css, seen);
    const entryFile = `/${entry.file}`;
    files.delete(entryFile);
    // The style sheet is small (about 5 KB brotli): inlined, it costs less than the request it saves (decision 053).
    const inlineCss = [...css].map(readCss).join('\n');
    const assets: PageAssets = {
      entry: entryFile,
      css: [...css],
      inlineCss,
      preloads: [...files],
      entryLoader: ENTRY_LOADER_SCRIPT,
    };
    cache.set(cacheKey, assets);
    return assets;
  };
}
