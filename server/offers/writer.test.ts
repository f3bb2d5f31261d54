import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../catalogue/repository';
import type { DatabaseHandle } from '../db/client';
import { offerDailyCounts, offers } from '../db/schema/offers';
import { fixtureCatalogue } from '../test-support/catalogue';
import { testDatabases } from '../test-support/databases';
import { OfferWriter } from './writer';

const row = (deviceId = 1300) => ({
  id: randomUUID(),
  deviceId,
  locale: 'de',
  answers: { 1: 11, 12: 3 },
  priceCents: 100,
  conditionId: 1,
  kind: 'purchase' as const,
  validUntil: new Date(Date.UTC(2030, 0, 1, 12, 30, 15, 250)),
});

describe.each(testDatabases())('offer group commit on $name', (database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await database.open();
    await importCatalogue(handle.db, fixtureCatalogue());
  }, 60_000);
  afterAll(() => handle?.close());

  it('stores a burst of offers and answers each with its own row, as the database holds it', async () => {
    const writer = new OfferWriter(handle.db);
    const rows = Array.from({ length: 120 }, (_, i) => ({ ...row(), priceCents: 100 + i }));
    const stored = await Promise.all(rows.map((r) => writer.insert(r)));
    expect(stored.map((s) => s.id)).toEqual(rows.map((r) => r.id));
    const held = await handle.db
      .select()
      .from(offers)
      .where(
        inArray(
          offers.id,
          rows.map((r) => r.id),
        ),
      );
    expect(held).toHaveLength(120);
    const byId = new Map(held.map((h) => [h.id, h]));
    for (const answer of stored) expect(answer).toEqual(byId.get(answer.id));
    expect(stored[7]).toMatchObject({ priceCents: 107, answers: { 1: 11, 12: 3 }, validUntil: rows[7]!.validUntil });
    // Without a creation time given, the database's clock stamps it.
    expect(stored.every((s) => s.createdAt instanceof Date && Math.abs(s.createdAt.getTime() - Date.now()) < 60_000)).toBe(true);
  });

  it('keeps the creation time it is given and counts the offers on that day', async () => {
    const writer = new OfferWriter(handle.db);
    const createdAt = new Date(Date.UTC(2029, 4, 17, 23, 59, 59, 500));
    const [first, second] = await Promise.all([writer.insert({ ...row(), createdAt }), writer.insert({ ...row(), createdAt })]);
    expect(first!.createdAt).toEqual(createdAt);
    expect(second!.createdAt).toEqual(createdAt);
    const [count] = await handle.db.select().from(offerDailyCounts).where(eq(offerDailyCounts.day, '2029-05-17'));
    expect(count).toMatchObject({ locale: 'de', deviceId: 1300, offers: 2 });
  });

  it('fails only the offer whose row the database refuses', async () => {
    const writer = new OfferWriter(handle.db);
    const results = await Promise.allSettled([writer.insert(row()), writer.insert(row(424242)), writer.insert(row())]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
