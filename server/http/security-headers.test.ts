// The headers of every answer per host and kind: a page's CSP names the hashes of its inline scripts
// (the same for every answer, also from the page cache: decision 089), frame protection except for the widget hosts'
// partners, no referrer for URLs with tokens, HSTS over TLS only, and the CSP report endpoint.

import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderFn } from '../app';
import type { DatabaseHandle } from '../db/client';
import { SHOP_MODES, type ShopMode } from '../../src/config/hosts';
import { readConfig } from '../platform/config';
import { fixtureServices, logCollector, testApp } from '../test-support/app';
import { contentSecurityPolicy, frameAncestorsFor } from './security-headers';
import { memoryDatabase } from '../test-support/databases';

const render: RenderFn = async (input) => {
  input.onRendered?.({ catalogue: true });
  const html = `<!doctype html><html><head><script type="application/json">{}</script></head><body><script>${INLINE}</script><script type="module" src="/e.js"></script></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
};

const INLINE = 'document.body.dataset.ran = "1"';
const INLINE_HASH = createHash('sha256').update(INLINE).digest('base64');

describe('security headers', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    handle = await memoryDatabase();
    app = await testApp(await fixtureServices(handle.db), {
      render,
      logLevel: 'info',
      logStream: logCollector(logs),
      trustProxy: true,
      security: { widgetFrameAncestors: ['https://partner.example'], aganWidgetFrameAncestors: ['https://agan-partner.example'] },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (url: string, host = 'de.localhost', headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it("gives a page a strict CSP naming its inline script's hash, the same fresh and from the page cache", async () => {
    const first = await get('/verkaufen/smartphones');
    const second = await get('/verkaufen/smartphones');
    expect(second.headers.etag).toBeDefined();
    for (const res of [first, second]) {
      expect(res.headers['content-security-policy']).toBe(
        `script-src 'sha256-${INLINE_HASH}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; report-uri /api/csp-report`,
      );
      expect(res.body).not.toContain('nonce');
      expect(res.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(second.body).toBe(first.body);
  });

  it('lets only the partners configured for its mode frame a widget host; no site frames the full shops', async () => {
    const b2b = await get('/', 'b2bwidget.localhost');
    expect(b2b.headers['content-security-policy']).toContain('frame-ancestors https://partner.example;');
    expect(b2b.headers['x-frame-options']).toBeUndefined();
    const agan = await get('/', 'aganwidget.localhost');
    expect(agan.headers['content-security-policy']).toContain('frame-ancestors https://agan-partner.example;');
    expect(agan.headers['x-frame-options']).toBeUndefined();
    for (const host of ['agan.localhost', 'de.localhost']) {
      const res = await get('/', host);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none';");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('sends no referrer from a URL with a token, and HSTS only over TLS', async () => {
    expect((await get('/account/register?token=abc')).headers['referrer-policy']).toBe('no-referrer');
    expect((await get('/', 'de.localhost', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('gives every answer that is not a page a policy that loads nothing and frames nowhere, and nosniff', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/catalogue/popular', headers: { host: 'de.localhost' } }),
      await app.inject({ method: 'GET', url: '/api/no-such-endpoint', headers: { host: 'de.localhost' } }),
      await app.inject({ method: 'POST', url: '/searches', headers: { host: 'de.localhost' }, payload: { size: 'many' } }),
      await get('/robots.txt'),
      // The widget hosts' partners frame their pages, never anything else.
      await get('/robots.txt', 'b2bwidget.localhost'),
    ];
    for (const res of answers) {
      expect(String(res.headers['content-type'])).not.toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400, 200, 200]);
    // The browser's XML viewer styles a sitemap inline with data: images: that alone is allowed.
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
    );
  });

  it('logs a violation report without the query of its URLs', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { host: 'de.localhost', 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'https://de.localhost/account/register?token=secret',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js?a=1',
        },
      }),
    });
    expect(res.statusCode).toBe(204);
    const line = logs.map((l) => JSON.parse(l)).find((l) => l.event === 'csp_violation');
    expect(line).toMatchObject({
      directive: 'script-src-elem',
      blocked: 'https://evil.example/x.js',
      document: 'https://de.localhost/account/register',
    });
    expect(logs.join('\n')).not.toContain('secret');
  });
});

describe('frame ancestors per mode from the configuration (decision 034)', () => {
  const policy = (mode: ShopMode, env: Record<string, string>) => {
    const config = readConfig(env);
    const options = { widgetFrameAncestors: config.WIDGET_FRAME_ANCESTORS, aganWidgetFrameAncestors: config.AGANWIDGET_FRAME_ANCESTORS };
    return /frame-ancestors ([^;]+);/.exec(contentSecurityPolicy(["'nonce-n'"], frameAncestorsFor(mode, options)))?.[1];
  };

  it('lets no site frame any host when nothing is configured', () => {
    for (const mode of SHOP_MODES) expect(policy(mode, {})).toBe("'none'");
  });

  it('gives the sister brand widget its own list, and the partner list where it has none', () => {
    const both = { WIDGET_FRAME_ANCESTORS: 'https://a.example, https://b.example', AGANWIDGET_FRAME_ANCESTORS: 'https://c.example' };
    expect(policy('b2bWidget', both)).toBe('https://a.example https://b.example');
    expect(policy('aganwidget', both)).toBe('https://c.example');
    expect(policy('agan', both)).toBe("'none'");
    expect(policy('default', both)).toBe("'none'");
    expect(policy('aganwidget', { WIDGET_FRAME_ANCESTORS: 'https://a.example' })).toBe('https://a.example');
    // An empty agan list is a deliberate "nobody", not "the partner list".
    expect(policy('aganwidget', { WIDGET_FRAME_ANCESTORS: 'https://a.example', AGANWIDGET_FRAME_ANCESTORS: '' })).toBe("'none'");
  });

  it('refuses a list entry that is not an origin', () => {
    expect(() => readConfig({ AGANWIDGET_FRAME_ANCESTORS: "https://c.example/path 'unsafe-inline'" })).toThrow(
      /AGANWIDGET_FRAME_ANCESTORS: https:\/\/c.example\/path is not an origin/,
    );
  });
});
