// Popular devices per country: most offers in the shop over the last 30 days first, older offers and
// other countries' offers not counted, topped up from the country's curated list (which names real
// models of the seed catalogue, the current iPhone and Galaxy first).

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
import { curatedDeviceIds, loadCuratedPopular, popularDeviceIds, POPULAR_COUNT } from './popular';
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
    const de = await popularDeviceIds(handle.db, store, curated, 'de');
    expect(de.slice(0, 2)).toEqual([1500, 1300]);
    expect(de).not.toContain(1301);
    expect(de.at(-1)).toBe(3000);
    expect((await popularDeviceIds(handle.db, store, curated, 'fr'))[0]).toBe(1301);
    // No offers at all in Spain: the curated list alone.
    expect(await popularDeviceIds(handle.db, store, curated, 'es')).toEqual([3000]);
    expect(await handle.db.select().from(offers).where(eq(offers.locale, 'es'))).toEqual([]);
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
