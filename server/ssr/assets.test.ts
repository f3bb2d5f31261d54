// The asset resolver lists the chunks a page loads before its entry, each after the chunks it imports
// (the loader runs them in that order, one task each: decision 064), without the entry itself, and
// inlines the style sheets of the entry and of the page's chunks, no others (decision 099).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAssetResolver } from './assets';

const MANIFEST = {
  'src/entry-client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_shell.js'] },
  'src/ui/styles.css': { file: 'assets/style.css', src: 'src/ui/styles.css', isEntry: true },
  '_shell.js': { file: 'assets/shell.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  'src/routes/pages/device.tsx': { file: 'assets/device.js', imports: ['_view.js', '_shell.js', 'src/entry-client.tsx'] },
  '_view.js': { file: 'assets/view.js', imports: ['_runtime.js', '_picture.js'], css: ['assets/view.css'] },
  // A cycle between chunks must not loop.
  '_picture.js': { file: 'assets/picture.js', imports: ['_view.js'] },
  'src/i18n/locales/de.po': { file: 'assets/de.js' },
};

const dir = mkdtempSync(join(tmpdir(), 'assets-'));
mkdirSync(join(dir, '.vite'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
writeFileSync(join(dir, 'assets', 'style.css'), 'main{color:red}');
writeFileSync(join(dir, 'assets', 'view.css'), '.offer{color:blue}');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the asset resolver', () => {
  const assets = createAssetResolver(dir)({ pages: ['./pages/device.tsx'], catalog: './locales/de.po' });

  it('lists every chunk after the chunks it imports, the entry last and apart', () => {
    expect(assets.entry).toBe('/assets/entry.js');
    expect(assets.preloads).toEqual([
      '/assets/runtime.js',
      '/assets/shell.js',
      '/assets/picture.js',
      '/assets/view.js',
      '/assets/device.js',
      '/assets/de.js',
    ]);
  });

  it("inlines the style sheets instead of linking them: the shell's first, then those of the page's chunks", () => {
    expect(assets.css).toEqual(['/assets/style.css', '/assets/view.css']);
    expect(assets.inlineCss).toBe('main{color:red}\n.offer{color:blue}');
  });

  it("inlines no other page's style sheet (decision 099)", () => {
    const home = createAssetResolver(dir)({ pages: [], catalog: './locales/de.po' });
    expect(home.inlineCss).toBe('main{color:red}');
  });
});
