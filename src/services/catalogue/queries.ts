// Elasticsearch query bodies for every catalogue use of spec §7. Pure: they only build the `search`
// part of POST {trade base}/searches.

export type SearchBody = Record<string, unknown>;

const byRelease = [{ releaseYear: { order: 'desc' } }, { releaseMonth: { order: 'desc' } }, { id: { order: 'asc' } }];

/** All categories, in their display order. */
export function categoriesQuery(): SearchBody {
  return { query: { bool: { filter: [{ term: { type: 'category' } }] } }, sort: [{ sort: { order: 'asc' } }], size: 50 };
}

/** One device by its URL slug. */
export function deviceByUrlQuery(url: string): SearchBody {
  return { query: { bool: { filter: [{ term: { url } }] } }, size: 1 };
}

/** The devices of a series, newest release first. */
export function devicesBySeriesQuery(seriesId: number, size = 100): SearchBody {
  return { query: { bool: { filter: [{ term: { seriesId } }] } }, sort: byRelease, size };
}

/** The devices of a manufacturer (a brand within a category), newest release first. */
export function devicesByManufacturerQuery(manufacturerId: number, size = 100): SearchBody {
  return { query: { bool: { filter: [{ term: { manufacturerId } }] } }, sort: byRelease, size };
}

/** The most popular devices, for the home page. */
export function popularDevicesQuery(size = 8): SearchBody {
  return { query: { match_all: {} }, sort: [{ popularity: { order: 'desc' } }, { id: { order: 'asc' } }], size };
}

export type PageType = 'category' | 'manufacturer' | 'series';

/** The category, manufacturer or series page whose URL slug is `url` (any of `types`). */
export function pageByUrlQuery(url: string, types: readonly PageType[]): SearchBody {
  return { query: { bool: { filter: [{ term: { url } }, { terms: { type: [...types] } }] } }, size: 1 };
}

/**
 * Fuzzy device search on model and search terms (boost 2, spec §9) and the full name. Every word must
 * match (typo-tolerant); the last word may also be the beginning of a word, so results appear while
 * the seller is still typing ("galxy s2" finds the Galaxy S21).
 */
export function deviceSearchQuery(text: string, size = 8): SearchBody {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const last = words.pop() ?? '';
  const fuzzy = (query: string, operator: 'and' | 'or') => ({
    multi_match: { query, fields: ['model^2', 'searchTerms^2', 'name'], fuzziness: 'AUTO', operator },
  });
  const lastWord = {
    bool: {
      should: [
        fuzzy(last, 'or'),
        { prefix: { model: { value: last, boost: 0.5 } } },
        { prefix: { name: { value: last, boost: 0.25 } } },
        { prefix: { searchTerms: { value: last, boost: 0.5 } } },
      ],
      minimum_should_match: 1,
    },
  };
  return { query: { bool: { must: words.length > 0 ? [fuzzy(words.join(' '), 'and'), lastWord] : [lastWord] } }, size };
}
