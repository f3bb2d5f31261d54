// The production page loads its JavaScript after its first paint (decision 062): the document names
// no module for the parser's preload scanner, only the loader script (trusted by its hash) and
// the asset list it reads; in the browser the loader adds a module script per chunk, leaves first, and
// the entry last, after a frame (decision 064: each chunk's code runs in a task of its own).
// @vitest-environment happy-dom

import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from '../../src/entry-server';
import type { DatabaseHandle } from '../db/client';
import { ENTRY_LOADER_SCRIPT } from './entry-loader';
import { fixtureServices, testApp } from '../test-support/app';
import { memoryDatabase } from '../test-support/databases';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await memoryDatabase();
  app = await testApp(await fixtureServices(database.db), {
    render,
    resolveAssets: () => ({
      entry: '/assets/entry.js',
      css: [],
      preloads: ['/assets/page.js', '/assets/de.js'],
      entryLoader: ENTRY_LOADER_SCRIPT,
    }),
  });
}, 30_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the production page', () => {
  it('names no module for the parser, only the loader and the list it reads', async () => {
    const response = await app.inject({ method: 'GET', url: '/produkte/apple-iphone-13-128-gb', headers: { host: 'de.localhost' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<script id="entry-loader">${ENTRY_LOADER_SCRIPT}</script>`);
    // The page's policy trusts the loader by its hash (decision 089), and what it adds.
    const loaderHash = createHash('sha256').update(ENTRY_LOADER_SCRIPT).digest('base64');
    const scriptSrc = String(response.headers['content-security-policy']).split(';')[0]!.split(' ');
    expect(scriptSrc[0]).toBe('script-src');
    expect(scriptSrc).toContain(`'sha256-${loaderHash}'`);
    expect(scriptSrc.at(-1)).toBe("'strict-dynamic'");
    expect(html).not.toContain('nonce');
    const listed = JSON.parse(/<script id="page-assets" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(listed).toMatchObject({ entry: '/assets/entry.js', preloads: ['/assets/page.js', '/assets/de.js'] });
    // The loader's own text is read back from its element, not sent twice.
    expect(listed).not.toHaveProperty('entryLoader');
  });
});

describe('the loader in the browser', () => {
  function runLoader(visibility: DocumentVisibilityState) {
    document.head.innerHTML = `<script id="page-assets" type="application/json">{"entry":"/assets/entry.js","preloads":["/assets/page.js","/assets/de.js"]}</script>`;
    document.body.innerHTML = '<main>page</main>';
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
    const script = document.createElement('script');
    // As the parser runs it: `document.currentScript` is the loader while its text runs.
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    new Function(ENTRY_LOADER_SCRIPT)();
  }
  /** The module scripts the loader added, in document order; it adds no preload link. */
  const added = () => {
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    return [...document.body.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
  };

  it('adds the chunks in their order and then the entry once the page has painted', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    runLoader('visible');
    expect(added()).toEqual([]);
    frames.shift()!(0);
    // Still nothing in the frame itself: the requests start in the task after it.
    expect(added()).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual(['/assets/page.js', '/assets/de.js', '/assets/entry.js']);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loads at once in a hidden tab, where no frame comes', () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    runLoader('hidden');
    expect(frame).not.toHaveBeenCalled();
    expect(added().at(-1)).toBe('/assets/entry.js');
    vi.restoreAllMocks();
  });

  it('marks the fields the seller changes before hydration with their values, and none after', () => {
    runLoader('hidden');
    document.body.innerHTML = `<form>
      <input name="name" value=""><input name="secret" type="password"><input name="q" type="search">
      <input type="radio" name="q-1" value="1"><input type="radio" name="q-1" value="2"><input type="checkbox" name="business">
    </form>`;
    const field = (selector: string) => document.querySelector<HTMLInputElement>(selector)!;
    const change = (selector: string, apply: (input: HTMLInputElement) => void, type = 'input') => {
      apply(field(selector));
      field(selector).dispatchEvent(new Event(type, { bubbles: true }));
    };
    change('[name=name]', (i) => (i.value = 'Erika'));
    change('[name=secret]', (i) => (i.value = 'hunter2'));
    change('[name=q]', (i) => (i.value = 'iphone'));
    change('[value="1"]', (i) => (i.checked = true), 'change');
    change('[value="2"]', (i) => (i.checked = true), 'change');
    change('[name=business]', (i) => (i.checked = true), 'change');
    expect(field('[name=name]').getAttribute('data-typed')).toBe('Erika');
    // Never a password.
    expect(field('[name=secret]').hasAttribute('data-typed')).toBe(false);
    expect(field('[name=q]').getAttribute('data-typed')).toBe('iphone');
    // Of a radio group only the answer chosen last.
    expect(field('[value="1"]').hasAttribute('data-typed')).toBe(false);
    expect(field('[value="2"]').getAttribute('data-typed')).toBe('true');
    expect(field('[name=business]').getAttribute('data-typed')).toBe('true');

    document.documentElement.dataset.hydrated = 'true';
    change('[name=name]', (i) => (i.value = 'Erika M'));
    expect(field('[name=name]').getAttribute('data-typed')).toBe('Erika');
    delete document.documentElement.dataset.hydrated;
    vi.restoreAllMocks();
  });
});
