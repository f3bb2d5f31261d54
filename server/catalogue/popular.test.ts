// Popular devices per country: pins first; with real volume, most offers in the shop over the last 30
// days (older offers and other countries' offers not counted); the country's curated list (which names
// real models of the seed catalogue, the current iPhone and Galaxy first) — alone until the volume.

import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import type { DatabaseHandle } from '../db/client';
import { offerDailyCounts, offers } from '../db/schema/offers';
import { createOffer } from '../offers/service';
import { OfferWriter } from '../offers/writer';
import { fixtureCatalogue } from '../test-support/catalogue';
import { testDatabases } from '../test-support/databases';
import { BEST } from '../test-support/trades';
import {
  curatedDeviceIds,
  loadCuratedPopular,
  pinnedDeviceIds,
  pinPopular,
  popularDeviceIds,
  POPULAR_COUNT,
  unpinPopular,
  utcDay,
} from './popular';
import { importCatalogue } from './repository';
import { loadSeedCatalogue } from './seed';
import { CatalogueStore } from './store';

describe.each(testDatabases())('popular devices ($name)', (database) => {
  let handle: DatabaseHandle;
  let store: CatalogueStore;
  beforeAll(async () => {
    handle = await database.open();
    await importCatalogue(handle.db, fixtureCatalogue());
    store = await CatalogueStore.load(handle.db);
  }, 30_000);
  afterAll(async () => handle.close());

  const offer = async (locale: 'de' | 'fr', deviceId: number) => {
    const result = await createOffer(new OfferWriter(handle.db), store, locale, { deviceId, answers: BEST });
    if (result.kind !== 'created') throw new Error('offer not created');
    return result.offer.offerId;
  };
  const curated = { ...Object.fromEntries(LOCALES.map((l) => [l, ['PlayStation 5 Digital Edition']])) } as never;

  /** Small floors so a few offers stand for real volume. */
  const low = { minVolume: 3, minOffers: 1 };

  it('ranks by offers of the last 30 days in that country, then fills from the curated list', async () => {
    // 1500 (iPhone 15 Pro) twice and 1300 (iPhone 13) once in Germany; 1301 often in France only.
    await offer('de', 1500);
    await offer('de', 1500);
    await offer('de', 1300);
    for (let i = 0; i < 3; i++) await offer('fr', 1301);
    // Old offers do not count: 1301 in Germany 31 days ago (the offers and their day's count aged).
    const old = await Promise.all([offer('de', 1301), offer('de', 1301), offer('de', 1301)]);
    const monthAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await handle.db.update(offers).set({ createdAt: monthAgo }).where(inArray(offers.id, old));
    await handle.db
      .update(offerDailyCounts)
      .set({ day: utcDay(monthAgo) })
      .where(and(eq(offerDailyCounts.locale, 'de'), eq(offerDailyCounts.deviceId, 1301)));
    const de = await popularDeviceIds(handle.db, store, curated, 'de', new Date(), low);
    expect(de.slice(0, 2)).toEqual([1500, 1300]);
    expect(de).not.toContain(1301);
    expect(de.at(-1)).toBe(3000);
    expect((await popularDeviceIds(handle.db, store, curated, 'fr', new Date(), low))[0]).toBe(1301);
    // No offers at all in Spain: the curated list alone.
    expect(await popularDeviceIds(handle.db, store, curated, 'es', new Date(), low)).toEqual([3000]);
    // Below the shop's volume (the default floors), the few offers change nothing: the prior decides.
    expect(await popularDeviceIds(handle.db, store, curated, 'de')).toEqual([3000]);
    // A device below its own floor does not rank by count either.
    expect(await popularDeviceIds(handle.db, store, curated, 'de', new Date(), { minVolume: 3, minOffers: 2 })).toEqual([1500, 3000]);
    expect(await handle.db.select().from(offers).where(eq(offers.locale, 'es'))).toEqual([]);
  });

  it('counts every stored offer by shop, UTC day and device, a batch in one row per device', async () => {
    const writer = new OfferWriter(handle.db);
    const before = await handle.db.select().from(offerDailyCounts).where(eq(offerDailyCounts.locale, 'it'));
    expect(before).toEqual([]);
    // Offers arriving in one tick are stored as one batch.
    const made = await Promise.all([
      createOffer(writer, store, 'it', { deviceId: 1500, answers: BEST }),
      createOffer(writer, store, 'it', { deviceId: 1500, answers: BEST }),
      createOffer(writer, store, 'it', { deviceId: 1300, answers: BEST }),
    ]);
    expect(made.map((m) => m.kind)).toEqual(['created', 'created', 'created']);
    await createOffer(writer, store, 'it', { deviceId: 1500, answers: BEST });
    const today = utcDay(new Date());
    const counts = await handle.db
      .select({ day: offerDailyCounts.day, deviceId: offerDailyCounts.deviceId, offers: offerDailyCounts.offers })
      .from(offerDailyCounts)
      .where(eq(offerDailyCounts.locale, 'it'))
      .orderBy(offerDailyCounts.deviceId);
    expect(counts).toEqual([
      { day: today, deviceId: 1300, offers: 1 },
      { day: today, deviceId: 1500, offers: 3 },
    ]);
    // An offer the database refuses (no such device) fails its batch, which is written again row by
    // row: the other offer is stored and counted, the refused one neither.
    const row = (deviceId: number) => ({
      id: randomUUID(),
      deviceId,
      locale: 'it',
      answers: {},
      priceCents: 1000,
      conditionId: 1,
      kind: 'purchase' as const,
      validUntil: new Date(Date.now() + 24 * 3600 * 1000),
      createdAt: new Date(),
    });
    const [stored, refused] = await Promise.allSettled([writer.insert(row(1300)), writer.insert(row(424_242))]);
    expect(stored.status).toBe('fulfilled');
    expect(refused.status).toBe('rejected');
    const after = await handle.db
      .select({ deviceId: offerDailyCounts.deviceId, offers: offerDailyCounts.offers })
      .from(offerDailyCounts)
      .where(eq(offerDailyCounts.locale, 'it'))
      .orderBy(offerDailyCounts.deviceId);
    expect(after).toEqual([
      { deviceId: 1300, offers: 2 },
      { deviceId: 1500, offers: 3 },
    ]);
  });

  it('puts pinned devices first, in their order, per country', async () => {
    await pinPopular(handle.db, 'de', 1300);
    await pinPopular(handle.db, 'de', 1500, 1);
    expect(await pinnedDeviceIds(handle.db, 'de')).toEqual([1500, 1300]);
    expect(await popularDeviceIds(handle.db, store, curated, 'de')).toEqual([1500, 1300, 3000]);
    expect(await popularDeviceIds(handle.db, store, curated, 'fr')).toEqual([3000]);
    // Pinning again moves it; unpinning removes it; a pinned device the catalogue lost is left out.
    await pinPopular(handle.db, 'de', 1300, 1);
    expect(await pinnedDeviceIds(handle.db, 'de')).toEqual([1300, 1500]);
    expect(await unpinPopular(handle.db, 'de', 1300)).toBe(true);
    expect(await unpinPopular(handle.db, 'de', 1300)).toBe(false);
    await pinPopular(handle.db, 'de', 999_999);
    expect(await popularDeviceIds(handle.db, store, curated, 'de')).toEqual([1500, 3000]);
  });
});

describe('curated popular devices', () => {
  const store = CatalogueStore.of(loadSeedCatalogue());
  const curated = loadCuratedPopular();
  it.each(LOCALES)('names only seed models, the current iPhone and Galaxy among them (%s)', (locale) => {
    const ids = curatedDeviceIds(store, curated[locale]);
    expect(ids).toHaveLength(curated[locale].length);
    expect(ids.length).toBeGreaterThanOrEqual(POPULAR_COUNT);
    const models = ids.map((id) => store.device(id)!.model);
    expect(models).toContain('iPhone 16');
    expect(models).toContain('Galaxy S25');
  });
});
