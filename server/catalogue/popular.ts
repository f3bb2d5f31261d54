// "Popular devices" per country: the devices with the most offers in that shop over the last 30 days,
// topped up from a curated list per country (data/catalogue/popular.json: models, the current iPhone
// and Galaxy first) while there are fewer. The answer is kept for a few minutes per locale.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { offers } from '../db/schema/offers';
import { CATALOGUE_DIR } from '../platform/paths';
import type { CatalogueStore } from './store';

export const POPULAR_COUNT = 8;
export const POPULAR_WINDOW_DAYS = 30;
const CACHE_MS = 5 * 60_000;

const CuratedSchema = z.record(z.enum(LOCALES), z.array(z.string().min(1)).min(POPULAR_COUNT));
export type CuratedPopular = z.infer<typeof CuratedSchema>;

export function loadCuratedPopular(dir: string = CATALOGUE_DIR): CuratedPopular {
  return CuratedSchema.parse(JSON.parse(readFileSync(join(dir, 'popular.json'), 'utf8')));
}

/**
 * The curated models' devices (each model's first variant), in order; models the loaded catalogue
 * does not have are left out (the seed test checks that the seed catalogue has them all).
 */
export function curatedDeviceIds(store: CatalogueStore, models: readonly string[]): number[] {
  const devices = store.catalogue.devices;
  return models.flatMap((model) => {
    const device = devices.find((d) => d.model === model);
    return device ? [device.id] : [];
  });
}

export async function popularDeviceIds(
  db: Database,
  store: CatalogueStore,
  curated: CuratedPopular,
  locale: Locale,
  now: Date = new Date(),
): Promise<number[]> {
  const since = new Date(now.getTime() - POPULAR_WINDOW_DAYS * 24 * 3600 * 1000);
  const rows = await db
    .select({ deviceId: offers.deviceId, offers: count() })
    .from(offers)
    .where(and(eq(offers.locale, locale), gte(offers.createdAt, since)))
    .groupBy(offers.deviceId)
    .orderBy(desc(count()), offers.deviceId)
    .limit(POPULAR_COUNT * 2);
  const ids = rows.map((r) => r.deviceId).filter((id) => store.device(id) !== undefined);
  for (const id of curatedDeviceIds(store, curated[locale])) if (!ids.includes(id)) ids.push(id);
  return ids.slice(0, POPULAR_COUNT);
}

/** popularDeviceIds, remembered per locale for a few minutes (the home page asks on every render). */
export function cachedPopular(db: Database, store: CatalogueStore, curated: CuratedPopular = loadCuratedPopular()) {
  const cache = new Map<Locale, { at: number; ids: Promise<number[]> }>();
  return (locale: Locale): Promise<number[]> => {
    const hit = cache.get(locale);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.ids;
    const ids = popularDeviceIds(db, store, curated, locale);
    cache.set(locale, { at: Date.now(), ids });
    ids.catch(() => cache.delete(locale));
    return ids;
  };
}
