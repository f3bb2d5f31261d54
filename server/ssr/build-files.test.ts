// The build's files (dist/client) are listed once at start and served from a route per folder and
// per top-level file (decision 094): their compressed forms, their cache headers, HEAD, and a plain
// 404 for a name that is no file of the build, while every other path stays with the pages.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { fixtureServices, testApp } from '../test-support/app';
import { memoryDatabase } from '../test-support/databases';

let database: DatabaseHandle;
let app: FastifyInstance;
let clientDir: string;
const SCRIPT = 'export const answer = 42;\n';

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'build-files-'));
  for (const folder of ['assets', 'builds', 'images/devices']) mkdirSync(join(clientDir, folder), { recursive: true });
  writeFileSync(join(clientDir, 'assets', 'chunk-AbC123.js'), SCRIPT);
  writeFileSync(join(clientDir, 'assets', 'chunk-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(clientDir, 'builds', 'latest.json'), '{"id":"b1"}');
  writeFileSync(join(clientDir, 'images', 'devices', 'phone.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await memoryDatabase();
  app = await testApp(await fixtureServices(database.db), { clientDir });
}, 30_000);
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'de.localhost', ...headers } });

describe('the files of the build', () => {
  it('sends a chunk as its stored brotli form to a browser that takes brotli, cached for a year', async () => {
    const response = await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.rawPayload).toEqual(brotliCompressSync(SCRIPT));
  });

  it('sends a hashed chunk with nosniff and no document headers, validators or ranges (decision 102)', async () => {
    const response = await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'br' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    for (const name of [
      'etag',
      'last-modified',
      'accept-ranges',
      'content-security-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'x-frame-options',
      'referrer-policy',
    ])
      expect(response.headers[name], name).toBeUndefined();
    // A range request gets the whole file: a hashed file is never fetched in parts.
    const ranged = await get('/assets/chunk-AbC123.js', { range: 'bytes=0-5' });
    expect(ranged.statusCode).toBe(200);
    expect(ranged.body).toBe(SCRIPT);
  });

  it('keeps validators and document headers on build files that are not hashed', async () => {
    const latest = await get('/builds/latest.json');
    expect(latest.headers.etag).toBeDefined();
    expect(latest.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const picture = await get('/images/devices/phone.svg');
    expect(picture.headers['last-modified']).toBeDefined();
    expect(picture.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(picture.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the file itself without an encoding the client takes, and answers HEAD', async () => {
    const plain = await get('/assets/chunk-AbC123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const head = await app.inject({ method: 'HEAD', url: '/assets/chunk-AbC123.js', headers: { host: 'de.localhost' } });
    expect(head.statusCode).toBe(200);
  });

  it('serves nested folders and top-level files, the deployment marker never from a cache', async () => {
    expect((await get('/images/devices/phone.svg')).statusCode).toBe(200);
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const latest = await get('/builds/latest.json?t=1');
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a plain 404 for a name that is no file of the build, escaped or not', async () => {
    for (const url of [
      '/assets/chunk-Missing.js',
      '/assets/',
      '/images/devices/',
      '/assets/chunk%2DAbC123.js',
      '/assets/..%2Ffavicon.svg',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('leaves every other path to the pages', async () => {
    const response = await get('/favicon.png');
    expect(response.body).toBe('page');
  });
});
