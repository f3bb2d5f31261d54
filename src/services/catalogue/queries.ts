// Elasticsearch query bodies for every catalogue use of product §7. Pure: they only build the `search`
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

/** The fields a device search reads: model and search terms (boost 2, product §9), the full name, the category's words. */
export const DEVICE_SEARCH_FIELDS = ['model^2', 'searchTerms^2', 'name', 'category^0.5'];

const PREFIX_FIELDS = { model: 3, searchTerms: 2, name: 2 } as const;

/** The last run of letters and digits of a word ("wh-1000x" → "1000x"): what a prefix of an indexed term can be. */
function lastPiece(word: string): string {
  return (
    word
      .split(/[^\p{L}\p{N}.]+/u)
      .filter(Boolean)
      .pop() ?? ''
  );
}

/** Short words get an edit only when they are letters ("mx" → "max"): "s2" must not become "32". */
const onlyLetters = (word: string) => /^\p{L}+$/u.test(word);

/**
 * The device search (issue 17). Every word must match (so "redmi note" never finds a Galaxy Note), each
 * in any of these ways, better ones scoring higher: exactly; with typos (fuzziness AUTO); a two-character
 * word with one edit ("pro mx" → "pro max", only where the other words match too); as the beginning of a
 * word ("gal s2" → Galaxy S20, "iph 13"); joined with its neighbour ("one plus" → OnePlus, "power beats"
 * → Powerbeats). The index analyzer does the rest (server/catalogue/search-analysis.ts): split words
 * ("note20" ↔ "note 20"), joined words ("oneplus" → "One Plus"), accents, synonyms and the
 * category's words of the shop's language ("Handy", "móvil").
 */
export function deviceSearchQuery(text: string, size = 8): SearchBody {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const match = (query: string, boost: number, fuzziness?: 'AUTO' | 1) => ({
    multi_match: {
      query,
      fields: DEVICE_SEARCH_FIELDS,
      operator: 'and',
      boost,
      // The first letter is rarely the mistyped one; keeping it also keeps the expansion small.
      ...(fuzziness === undefined ? {} : { fuzziness, prefix_length: 1 }),
    },
  });
  const clauses = words.map((word, i) => {
    const last = i === words.length - 1;
    const piece = lastPiece(word);
    const should: SearchBody[] = [match(word, 1), match(word, 1, 'AUTO')];
    if ([...word].length === 2 && onlyLetters(word)) should.push(match(word, 0.3, 1));
    if (piece !== '' && (last || [...piece].length >= 3)) {
      for (const [field, boost] of Object.entries(PREFIX_FIELDS)) should.push({ prefix: { [field]: { value: piece, boost } } });
    }
    // Joined words exactly: with typos "air 4" would find the "air2" of an iPad Air 2.
    if (i > 0) should.push(match(`${words[i - 1]}${word}`, 1));
    if (!last) should.push(match(`${word}${words[i + 1]}`, 1));
    return { bool: { should, minimum_should_match: 1 } };
  });
  return { query: { bool: { must: clauses, ...(isFamilyQuery(words) ? { should: popularityPrior() } : {}) } }, size };
}

/**
 * A family query names a line, not a model: words without a digit ("iphone", "galaxy", "ipad air",
 * "apple watch"). A digit names a model or generation ("iphone 13 mini", "ps5 pro", "gal s2"): there
 * the words alone decide, as before.
 */
export const isFamilyQuery = (words: readonly string[]) => words.length > 0 && words.every((w) => !/\p{N}/u.test(w));

/**
 * The seller's prior for family queries (issue 30, decision 082): a device gets `stepBoost` for each
 * `step` its catalogue popularity (months since 2010 of its release, +60 for a brand's current lines,
 * minus the variant's place) reaches from `from` on — at most 24 × 0.3 = 7.2 per word of the query (each
 * word adds its own score). That outweighs the small differences with which family words match their
 * devices (the length of a name) but not a word that matches better. Plain range clauses: the embedded engine and Elasticsearch score them alike.
 */
const PRIOR = { from: 40, step: 10, steps: 24, stepBoost: 0.45 } as const;

function popularityPrior(): SearchBody[] {
  return Array.from({ length: PRIOR.steps }, (_, i) => ({
    range: { popularity: { gte: PRIOR.from + i * PRIOR.step, boost: PRIOR.stepBoost } },
  }));
}

/**
 * Did you mean, for a text nothing matched (issue 30): the brands and categories whose name is one of
 * its words or near it in spelling (one edit from five letters, two from eight). Words with a digit
 * are model numbers, not names, and never suggest anything, so "blablaphone 9000" suggests nothing
 * rather than random devices.
 */
export function suggestionQuery(text: string, size: number): SearchBody | null {
  const words = text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => [...w].length >= 3 && !/\p{N}/u.test(w));
  if (words.length === 0) return null;
  const near = (field: string, word: string) => ({ match: { [field]: { query: word, fuzziness: 'AUTO:5,8', prefix_length: 1 } } });
  return {
    query: {
      bool: {
        filter: [{ terms: { type: ['manufacturer', 'category'] } }],
        should: words.flatMap((w) => [near('name', w), near('title', w)]),
        minimum_should_match: 1,
      },
    },
    size,
    _source: ['type', 'name'],
  };
}

/** The names of suggestionQuery's hits, each once (ignoring case), at most `count`. */
export function suggestionNames(hits: readonly { readonly name: string }[], count: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { name } of hits) {
    const key = name.toLowerCase();
    if (seen.has(key) || out.length >= count) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/**
 * One entry per model in the order of its best variant, with the model's other variants of `items`
 * (storage sizes and editions): five sizes of one iPhone take one line, not five (issue 30).
 */
export function groupByModel<T extends { readonly model: string }>(items: readonly T[]): { first: T; others: T[] }[] {
  const groups = new Map<string, { first: T; others: T[] }>();
  for (const item of items) {
    const group = groups.get(item.model);
    if (group) group.others.push(item);
    else groups.set(item.model, { first: item, others: [] });
  }
  return [...groups.values()];
}
