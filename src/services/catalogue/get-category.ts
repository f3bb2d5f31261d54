// A category page: the category with its manufacturers and top series; null when no category has the slug.

import { queryOptions } from '@tanstack/react-query';
import type { Category, Device } from './entities';
import { fetchCategoryByUrl, fetchTopDevicesOfCategory, type CatalogueApi } from './search';

export interface CategoryData {
  readonly kind: 'category';
  readonly category: Category;
  /** Its most popular models with their "up to" prices. */
  readonly topDevices: readonly Device[];
}

export async function getCategory(ctx: CatalogueApi, url: string): Promise<CategoryData | null> {
  const category = await fetchCategoryByUrl(ctx, url);
  if (!category) return null;
  return { kind: 'category', category, topDevices: await fetchTopDevicesOfCategory(ctx, category.id) };
}

export const categoryQueryOptions = (ctx: CatalogueApi, url: string) =>
  queryOptions({ queryKey: ['catalogue', ctx.locale, 'category', url] as const, queryFn: () => getCategory(ctx, url) });
