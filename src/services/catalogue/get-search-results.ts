// The search results page (issue 17): a page of devices for `?q=` with category and brand filters and
// their counts, and the categories' titles for the filter labels.

import { queryOptions } from '@tanstack/react-query';
import type { CategoryCard } from './entities';
import { fetchCategoryCards, fetchResultsPage, type CatalogueApi, type ResultsPage, type ResultsRequest } from './search';

export interface SearchResultsData extends ResultsPage {
  readonly kind: 'searchResults';
  readonly request: ResultsRequest;
  readonly categoryCards: readonly CategoryCard[];
}

export async function getSearchResults(ctx: CatalogueApi, request: ResultsRequest): Promise<SearchResultsData> {
  const empty: ResultsPage = { total: 0, devices: [], categories: [], brands: [], suggestions: [] };
  const [page, categoryCards] = await Promise.all([
    request.q.trim().length >= 2 ? fetchResultsPage(ctx, request) : Promise.resolve(empty),
    fetchCategoryCards(ctx),
  ]);
  return { kind: 'searchResults', request, categoryCards, ...page };
}

export const searchResultsQueryOptions = (ctx: CatalogueApi, request: ResultsRequest) =>
  queryOptions({
    queryKey: ['catalogue', ctx.locale, 'search', request.q, request.category ?? '', request.brand ?? '', request.page] as const,
    queryFn: () => getSearchResults(ctx, request),
  });
