// Server behaviour seen from the browser: health, sitemap per country, compressed cached assets.

import { expect, test } from './support/test';
import { CONTENT_SLUGS } from '../src/config/content';
import { origin, shopUrl } from './support/shop';

test('health answers 200', async ({ page }) => {
  const response = await page.goto(shopUrl('default', '/healthz'));
  expect(response?.status()).toBe(200);
  expect(await response?.json()).toEqual({ status: 'ok' });
});

test('each country has its own sitemap with its localized paths', async ({ page }) => {
  const response = await page.goto(shopUrl('es', '/sitemap.xml'));
  expect(response?.status()).toBe(200);
  const xml = (await response?.text()) ?? '';
  expect(xml).toContain(`<loc>${origin('es.localhost')}/contacto</loc>`);
  expect(xml).toContain(`<loc>${origin('es.localhost')}/content/${CONTENT_SLUGS.es.privacy}</loc>`);
  expect(xml).not.toContain('/kontakt');
  const de = (await (await page.goto(shopUrl('de', '/sitemap.xml')))?.text()) ?? '';
  expect(de).toContain('/b2b/ankaufsportal');
  const at = (await (await page.goto(shopUrl('at', '/sitemap.xml')))?.text()) ?? '';
  expect(at).not.toContain('/b2b/');
});

test('hashed assets are served compressed and cached for a year', async ({ page }) => {
  const scripts: { url: string; headers: Record<string, string> }[] = [];
  // Synchronous header reads: chunks that load after the test has ended must not outlive the page.
  page.on('response', (r) => {
    if (r.url().includes('/assets/') && r.url().endsWith('.js')) scripts.push({ url: r.url(), headers: r.headers() });
  });
  await page.goto(shopUrl('de', '/'), { waitUntil: 'networkidle' });
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) {
    expect(s.headers['cache-control'], s.url).toContain('immutable');
    expect(['br', 'gzip'], s.url).toContain(s.headers['content-encoding']);
  }
});
