// Finding the device a list line means (decision 038), through the same search engine as the header
// search (decision 005): the engine finds candidates (fuzzy, in the shop's locale index), then each
// candidate's name is compared word by word with the line — the share of the line's words found in
// the name (one typo — a wrong, missing, extra or swapped letter — forgiven in words of 4+ letters,
// numbers exact) and the share of the name's words the line has. A line is matched when its best
// candidate has at least MATCH_THRESHOLD of the line's words and is strictly better than the next; a
// tie is "ambiguous" (e.g. "iPhone 12" without the capacity), a weaker best is "none"; both come with
// 3 suggestions.

import type { BulkSuggestion } from '../../src/contracts/bulk-offers';

export const MATCH_THRESHOLD = 0.75;
const CANDIDATES = 50;

/** What the matcher reads of a device search hit (the devices index's _source, src/contracts/search.ts). */
export interface DeviceHit {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  readonly category: string;
  readonly imagePath: string;
  /** Model numbers and spellings ("ps5", "A2633"): count as the name's words for the line's share. */
  readonly searchTerms?: readonly string[];
}

export type SearchDevices = (body: Record<string, unknown>, size: number) => Promise<readonly DeviceHit[]>;

export type MatchResult =
  | { readonly kind: 'matched'; readonly device: DeviceHit }
  | { readonly kind: 'none' | 'ambiguous'; readonly suggestions: BulkSuggestion[] };

/** Lower case words; "128GB" → "128 gb", punctuation (but "+") dropped. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\bwi[\s-]?fi\b/g, 'wifi')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .split(' ')
    .filter(Boolean);
}

function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    // Two neighbours swapped ("pixle") is one slip of the fingers.
    if (a.length === b.length && a[i] === b[j + 1] && a[i + 1] === b[j]) {
      i += 2;
      j += 2;
      continue;
    }
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const sameWord = (a: string, b: string) => a === b || (a.length >= 4 && b.length >= 4 && !/\d/.test(a + b) && withinOneEdit(a, b));

/** [share of the line's words in the name (or its search terms), share of the name's words in the line]. */
export function similarity(line: readonly string[], name: readonly string[], terms: readonly string[] = []): [number, number] {
  if (line.length === 0 || name.length === 0) return [0, 0];
  const known = [...name, ...terms];
  const found = line.filter((w) => known.some((n) => sameWord(w, n))).length;
  const covered = name.filter((n) => line.some((w) => sameWord(w, n))).length;
  return [found / line.length, covered / name.length];
}

/** The search body: any of the words, fuzzy, on the fields the header search uses. */
export function candidateQuery(text: string): Record<string, unknown> {
  return {
    query: {
      multi_match: { query: words(text).join(' '), fields: ['model^2', 'searchTerms^2', 'name'], fuzziness: 'AUTO', operator: 'or' },
    },
    size: CANDIDATES,
  };
}

export async function matchDevice(search: SearchDevices, text: string): Promise<MatchResult> {
  const line = words(text);
  if (line.length === 0) return { kind: 'none', suggestions: [] };
  const hits = await search(candidateQuery(text), CANDIDATES);
  const ranked = hits
    .map((device) => ({ device, score: similarity(line, words(device.name), (device.searchTerms ?? []).flatMap(words)) }))
    .sort((a, b) => b.score[0] - a.score[0] || b.score[1] - a.score[1]);
  const suggestions = ranked.slice(0, 3).map(({ device }) => ({ deviceId: device.id, name: device.name }));
  const [first, second] = ranked;
  if (!first || first.score[0] < MATCH_THRESHOLD) return { kind: 'none', suggestions };
  if (second && second.score[0] === first.score[0] && second.score[1] === first.score[1]) return { kind: 'ambiguous', suggestions };
  return { kind: 'matched', device: first.device };
}
