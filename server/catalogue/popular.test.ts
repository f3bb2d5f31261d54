// Popular devices per country: pins first; with real volume, most offers in the shop over the last 30
// days (older offers and other countries' offers not counted); the country's curated list (which names
// real models of the seed catalogue, the current iPhone and Galaxy first) — alone until the volume.

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import type { DatabaseHandle } from '../db/client';
import { offers } from '../db/schema/offers';
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
    // Old offers do not count: 1301 in Germany 31 days ago.
    const old = await Promise.all([offer('de', 1301), offer('de', 1301), offer('de', 1301)]);
    await handle.db
      .update(offers)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(inArray(offers.id, old));
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
