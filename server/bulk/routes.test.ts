import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkOfferAnswerSchema, type BulkLineResult } from '../../src/contracts/bulk-offers';
import { OfferSchema } from '../../src/contracts/offers';
import { offers } from '../db/schema/offers';
import { fixtureServices, testApp } from '../test-support/app';
import type { DatabaseHandle } from '../db/client';
import { testDatabases } from '../test-support/databases';

describe.each(testDatabases())('POST /api/offers/bulk on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await database.open();
    app = await testApp({ ...(await fixtureServices(handle.db)), bulkRateLimit: { limit: 5, windowSeconds: 60 } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  let ip = 0;
  const send = (payload: unknown, host = 'de.localhost') =>
    app.inject({ method: 'POST', url: '/api/offers/bulk', payload: payload as object, headers: { host }, remoteAddress: `10.0.0.${++ip}` });
  const byLine = (lines: BulkLineResult[]) => Object.fromEntries(lines.map((l) => [l.line, l]));

  it('matches a known list through the search engine and makes real offers per line (typos forgiven, grades priced)', async () => {
    const before = await handle.db.$count(offers);
    const text = [
      'Modell;Anzahl;Zustand',
      'iPhone 13 128GB;3;A',
      'ipone 13 256 GB;2;B',
      'Samsng Galaxy S21;1;C',
      'PS5 digital;4;',
      'Nokia 3310;1;A',
    ].join('\r\n');
    const res = await send({ kind: 'text', text });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = BulkOfferAnswerSchema.parse(res.json());
    const lines = byLine(answer.lines);
    expect(lines[2]).toMatchObject({ status: 'matched', quantity: 3, grade: 'A', offer: { deviceId: 1300, price: 310, conditionId: 1 } });
    // Grade B: the display with light scratches (× 0.85).
    expect(lines[3]).toMatchObject({ status: 'matched', quantity: 2, offer: { deviceId: 1301, price: 297.5, conditionId: 2 } });
    expect(lines[4]).toMatchObject({ status: 'matched', offer: { deviceId: 2100 } });
    expect(lines[5]).toMatchObject({ status: 'matched', quantity: 4, grade: 'B', offer: { deviceId: 3000 } });
    expect(lines[6]).toMatchObject({ status: 'unmatched', reason: 'none' });
    // The offers are stored: the checkout takes them like a device page's.
    expect(await handle.db.$count(offers)).toBe(before + 4);
    const stored = await app.inject({ method: 'GET', url: `/api/offers/${(lines[2] as { offer: { offerId: string } }).offer.offerId}` });
    expect(OfferSchema.parse(stored.json())).toMatchObject({ deviceId: 1300, locale: 'de' });
  });

  it('answers an ambiguous line with suggestions, and a picked suggestion with its offer', async () => {
    const first = BulkOfferAnswerSchema.parse((await send({ kind: 'text', text: 'iPhone 13;2;A' })).json());
    expect(first.lines[0]).toMatchObject({ status: 'unmatched', reason: 'ambiguous' });
    const suggestions = first.lines[0]!.status === 'unmatched' ? first.lines[0]!.suggestions : [];
    expect(suggestions.slice(0, 2).map((s) => s.deviceId)).toEqual([1300, 1301]);
    const picked = await send({ kind: 'lines', lines: [{ line: 1, text: 'iPhone 13', quantity: 2, grade: 'A', deviceId: 1301 }] });
    expect(BulkOfferAnswerSchema.parse(picked.json()).lines[0]).toMatchObject({ status: 'matched', offer: { deviceId: 1301, price: 350 } });
  });

  it('reports bad rows by line number and still answers the good ones', async () => {
    const res = await send({ kind: 'text', text: 'iPhone 15 Pro;1;A\n;2;A\niPhone 13 128 GB;zwei;A\n\niPhone 13 128 GB;1;Z' });
    expect(res.statusCode).toBe(200);
    expect(BulkOfferAnswerSchema.parse(res.json()).lines).toEqual([
      expect.objectContaining({ status: 'matched', line: 1 }),
      expect.objectContaining({ status: 'invalid', line: 2, problems: ['modelMissing'] }),
      expect.objectContaining({ status: 'invalid', line: 3, problems: ['quantity'] }),
      expect.objectContaining({ status: 'invalid', line: 5, problems: ['grade'] }),
    ]);
  });

  it('reads an uploaded Windows-1252 file', async () => {
    const bytes = Buffer.from('Gerät;Menge;Güte\nSony PlayStation 5 Digital;2;A\n', 'latin1');
    const answer = BulkOfferAnswerSchema.parse((await send({ kind: 'file', base64: bytes.toString('base64') })).json());
    expect(answer.encoding).toBe('windows-1252');
    expect(answer.lines).toEqual([expect.objectContaining({ status: 'matched', line: 2, quantity: 2 })]);
  });

  it('refuses oversize lists whole, bad bodies with a 400, other shops with a 404 and floods with a 429', async () => {
    const before = await handle.db.$count(offers);
    const many = Array.from({ length: 1001 }, () => 'iPhone 13 128 GB;1;A').join('\n');
    const tooMany = await send({ kind: 'text', text: many });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toContain('at most 1000 lines');
    const tooLarge = await send({ kind: 'file', base64: Buffer.alloc(300 * 1024, 65).toString('base64') });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toContain('not valid');
    expect(await handle.db.$count(offers)).toBe(before);

    expect((await send({ kind: 'text' })).statusCode).toBe(400);
    expect((await send({ kind: 'lines', lines: [{ line: 1, text: 'x', quantity: 100, grade: 'A' }] })).statusCode).toBe(400);
    expect((await send({ kind: 'text', text: 'iPhone 13;1;A' }, 'fr.localhost')).statusCode).toBe(404);

    const fromOne = () =>
      app.inject({
        method: 'POST',
        url: '/api/offers/bulk',
        payload: { kind: 'text', text: 'x' },
        headers: { host: 'de.localhost' },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 5; i++) expect((await fromOne()).statusCode).toBe(200);
    const limited = await fromOne();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
