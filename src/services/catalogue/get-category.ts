// A category page: the category with its manufacturers and top series; null when no category has the slug.

import { queryOptions } from '@tanstack/react-query';
import type { Category } from './entities';
import { fetchCategoryByUrl, type CatalogueApi } from './search';

export interface CategoryData {
  readonly kind: 'category';
  readonly category: Category;
}

export async function getCategory(ctx: CatalogueApi, url: string): Promise<CategoryData | null> {
  const category = await fetchCategoryByUrl(ctx, url);
  return category ? { kind: 'category', category } : null;
}

export const categoryQueryOptions = (ctx: CatalogueApi, url: string) =>
  queryOptions({ queryKey: ['catalogue', ctx.locale, 'category', url] as const, queryFn: () => getCategory(ctx, url) });
