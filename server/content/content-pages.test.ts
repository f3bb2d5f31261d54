// Content pages through the real SSR entry: the text rendered into the page with its meta
// description and anchors, the JSON for client-side navigation, and the shop's 404 for unknown slugs.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/entry-server';
import { buildApp } from '../app';
import { contentLibrary } from './library';

let app: FastifyInstance;
let hostile: FastifyInstance;

const resolveAssets = ({ pages, catalog }: { pages: string[]; catalog: string }) => ({
  entry: '/assets/entry.js',
  css: [],
  preloads: [...pages, catalog],
});

beforeAll(async () => {
  app = await buildApp({ render, logLevel: 'silent', resolveAssets });
  // A content folder whose German terms try to smuggle in a script.
  const dir = mkdtempSync(join(tmpdir(), 'content-'));
  mkdirSync(join(dir, 'de'));
  writeFileSync(
    join(dir, 'de', 'agb.md'),
    '---\ndescription: Böse Seite\n---\n## Abschnitt\n\n<script>window.pwned=1</script>\n\n[Klick](javascript:alert(1))\n',
  );
  hostile = await buildApp({ render, logLevel: 'silent', resolveAssets, content: contentLibrary(dir) });
}, 30_000);
afterAll(async () => {
  await app.close();
  await hostile.close();
});

const get = (server: FastifyInstance, host: string, url: string) => server.inject({ method: 'GET', url, headers: { host } });

describe('content pages', () => {
  it('renders the German terms on the server with title, meta description and anchored headings', async () => {
    const response = await get(app, 'de.localhost', '/content/agb');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<h1>Allgemeine Geschäftsbedingungen<\/h1>|<h1>[^<]+<\/h1>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toMatch(/<h2 id="[a-z0-9-]+"><a href="#[a-z0-9-]+">/);
    expect(html).toContain('data-content-page="terms"');
  });

  it('renders each shop in its own language', async () => {
    expect((await get(app, 'es.localhost', '/content/privacidad')).body).toContain('<html lang="es"');
    const it = await get(app, 'it.localhost', '/content/come-funziona');
    expect(it.statusCode).toBe(200);
    expect(it.body).toContain('data-content-page="howItWorks"');
    // Austria reads the German file where it has none of its own.
    expect((await get(app, 'at.localhost', '/content/ueber-uns')).statusCode).toBe(200);
  });

  it('answers an unknown slug with the shop 404 page', async () => {
    const response = await get(app, 'de.localhost', '/content/gibt-es-nicht');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('/content/gibt-es-nicht');
    // Another shop's slug is unknown here too.
    expect((await get(app, 'de.localhost', '/content/privacidad')).statusCode).toBe(404);
  });

  it('serves the page as JSON for client-side navigation, 404 for unknown pages', async () => {
    const ok = await get(app, 'fr.localhost', '/api/content/fr/privacy');
    expect(ok.statusCode).toBe(200);
    const body = ok.json<{ html: string; description: string }>();
    expect(body.html).toContain('<h2 id=');
    expect(body.description.length).toBeGreaterThan(40);
    expect((await get(app, 'fr.localhost', '/api/content/fr/nope')).statusCode).toBe(404);
    expect((await get(app, 'fr.localhost', '/api/content/xx/privacy')).statusCode).toBe(404);
  });

  it('keeps no script or javascript: link from the Markdown in the page', async () => {
    const response = await get(hostile, 'de.localhost', '/content/agb');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('window.pwned');
    expect(response.body).not.toMatch(/href="javascript:/i);
    expect(response.body).toContain('<h2 id="abschnitt">');
    // The hostile folder has no other pages: those are not found.
    expect((await get(hostile, 'de.localhost', '/content/impressum')).statusCode).toBe(404);
  });
});
