// The home page's catalogue data: the categories as cards and the most popular devices.

import { queryOptions } from '@tanstack/react-query';
import type { CategoryCard, Device } from './entities';
import { fetchCategoryCards, fetchPopularDevices, type CatalogueApi } from './search';

export interface HomeData {
  readonly kind: 'home';
  readonly categories: readonly CategoryCard[];
  readonly popular: readonly Device[];
}

export async function getHome(ctx: CatalogueApi): Promise<HomeData> {
  const [categories, popular] = await Promise.all([fetchCategoryCards(ctx), fetchPopularDevices(ctx, 8)]);
  return { kind: 'home', categories, popular };
}

export const homeQueryOptions = (ctx: CatalogueApi) =>
  queryOptions({ queryKey: ['catalogue', ctx.locale, 'home'] as const, queryFn: () => getHome(ctx) });
