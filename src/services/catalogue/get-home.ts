// The home page's catalogue data: the categories as cards and the most popular devices.

import { queryOptions } from '@tanstack/react-query';
import type { CategoryCard, Device } from './entities';
import { fetchCategoryCards, fetchDevicesByIds, fetchPopularDevices, type CatalogueApi } from './search';

export interface HomeData {
  readonly kind: 'home';
  readonly categories: readonly CategoryCard[];
  readonly popular: readonly Device[];
}

/**
 * `popularIds`: the shop's popular devices (GET /api/catalogue/popular: most offered in the last 30
 * days, topped up from a curated list); null when they could not be read, then the catalogue's own ranking.
 */
export async function getHome(ctx: CatalogueApi, popularIds: readonly number[] | null): Promise<HomeData> {
  const [categories, popular] = await Promise.all([
    fetchCategoryCards(ctx),
    popularIds && popularIds.length > 0 ? fetchDevicesByIds(ctx, popularIds) : fetchPopularDevices(ctx, 8),
  ]);
  return { kind: 'home', categories, popular };
}

export const homeQueryOptions = (ctx: CatalogueApi, popularIds: readonly number[] | null) =>
  queryOptions({ queryKey: ['catalogue', ctx.locale, 'home', popularIds] as const, queryFn: () => getHome(ctx, popularIds) });
