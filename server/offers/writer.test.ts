import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../catalogue/repository';
import type { DatabaseHandle } from '../db/client';
import { fixtureCatalogue } from '../test-support/catalogue';
import { OfferWriter } from './writer';
import { memoryDatabase } from '../test-support/databases';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await memoryDatabase();
  await importCatalogue(handle.db, fixtureCatalogue());
}, 30_000);
afterAll(() => handle.close());

const row = (deviceId = 1300) => ({
  id: randomUUID(),
  deviceId,
  locale: 'de',
  answers: { 1: 11 },
  priceCents: 100,
  conditionId: 1,
  kind: 'purchase' as const,
  validUntil: new Date(Date.UTC(2030, 0, 1)),
});

describe('offer group commit', () => {
  it('stores a burst of offers and answers each with its own row', async () => {
    const writer = new OfferWriter(handle.db);
    const rows = Array.from({ length: 120 }, () => row());
    const stored = await Promise.all(rows.map((r) => writer.insert(r)));
    expect(stored.map((s) => s.id)).toEqual(rows.map((r) => r.id));
    expect(stored.every((s) => s.createdAt instanceof Date)).toBe(true);
  });

  it('fails only the offer whose row the database refuses', async () => {
    const writer = new OfferWriter(handle.db);
    const results = await Promise.allSettled([writer.insert(row()), writer.insert(row(424242)), writer.insert(row())]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
