// "Popular devices" per country (issue 30: stable, decision 082): first the devices an operator pinned
// for the shop (`npm run ops -- popular pin`), then — only once the shop has real volume — the devices
// with the most offers over the last 30 days (summed from the daily counts a trigger keeps as offers
// are stored, decision 101), then the curated list per country (data/catalogue/popular.json: models,
// the current iPhone and Galaxy first). The rule: until a shop has had POPULAR_MIN_VOLUME offers in
// the window, the curated list (the prior) alone follows the pins; with that volume, devices with at
// least POPULAR_MIN_OFFERS offers each rank by their count ahead of it. So a handful of (test) offers
// cannot replace the current iPhone. The answer is kept a few minutes per locale.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { popularPins } from '../db/schema/catalogue';
import { offerDailyCounts } from '../db/schema/offers';
import { CATALOGUE_DIR } from '../platform/paths';
import type { CatalogueStore } from './store';

export const POPULAR_COUNT = 8;
export const POPULAR_WINDOW_DAYS = 30;
/** Offers a shop needs in the window before counted offers rank anything. */
export const POPULAR_MIN_VOLUME = 200;
/** Offers a device needs in the window to rank by its count. */
export const POPULAR_MIN_OFFERS = 15;
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

/** The UTC day of a moment (YYYY-MM-DD), as the daily offer counts name it. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export interface PopularFloors {
  readonly minVolume: number;
  readonly minOffers: number;
}

/** The devices pinned for a shop, in their order. */
export async function pinnedDeviceIds(db: Database, locale: Locale): Promise<number[]> {
  const rows = await db
    .select({ deviceId: popularPins.deviceId })
    .from(popularPins)
    .where(eq(popularPins.locale, locale))
    .orderBy(asc(popularPins.position), asc(popularPins.pinnedAt));
  return rows.map((r) => r.deviceId);
}

export async function popularDeviceIds(
  db: Database,
  store: CatalogueStore,
  curated: CuratedPopular,
  locale: Locale,
  now: Date = new Date(),
  floors: PopularFloors = { minVolume: POPULAR_MIN_VOLUME, minOffers: POPULAR_MIN_OFFERS },
): Promise<number[]> {
  // Whole UTC days: the window's first day counts in full (the daily counts have no time of day).
  const since = utcDay(new Date(now.getTime() - POPULAR_WINDOW_DAYS * 24 * 3600 * 1000));
  const inWindow = and(eq(offerDailyCounts.locale, locale), gte(offerDailyCounts.day, since));
  const offersOf = sql<number>`sum(${offerDailyCounts.offers})::integer`;
  const [volume] = await db.select({ offers: offersOf }).from(offerDailyCounts).where(inWindow);
  const counted =
    (volume?.offers ?? 0) < floors.minVolume
      ? []
      : await db
          .select({ deviceId: offerDailyCounts.deviceId, offers: offersOf })
          .from(offerDailyCounts)
          .where(inWindow)
          .groupBy(offerDailyCounts.deviceId)
          .orderBy(desc(offersOf), offerDailyCounts.deviceId)
          .limit(POPULAR_COUNT * 2);
  const ids: number[] = [];
  const add = (id: number) => {
    if (store.device(id) !== undefined && !ids.includes(id)) ids.push(id);
  };
  for (const id of await pinnedDeviceIds(db, locale)) add(id);
  for (const row of counted) if (row.offers >= floors.minOffers) add(row.deviceId);
  for (const id of curatedDeviceIds(store, curated[locale])) add(id);
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

/** Pins `deviceId` for the shop at `position` (1 = first; default: after the pins it has), or moves it there. */
export async function pinPopular(db: Database, locale: Locale, deviceId: number, position?: number): Promise<void> {
  const pinned = await pinnedDeviceIds(db, locale);
  const others = pinned.filter((id) => id !== deviceId);
  const at = Math.min(Math.max(1, position ?? others.length + 1), others.length + 1) - 1;
  const order = [...others.slice(0, at), deviceId, ...others.slice(at)];
  await db.transaction(async (tx) => {
    await tx.delete(popularPins).where(eq(popularPins.locale, locale));
    await tx.insert(popularPins).values(order.map((id, i) => ({ locale, deviceId: id, position: i + 1 })));
  });
}

/** Removes a pin; false when the device was not pinned for the shop. */
export async function unpinPopular(db: Database, locale: Locale, deviceId: number): Promise<boolean> {
  const removed = await db
    .delete(popularPins)
    .where(and(eq(popularPins.locale, locale), eq(popularPins.deviceId, deviceId)))
    .returning({ deviceId: popularPins.deviceId });
  return removed.length > 0;
}
