// The analysis of a shop's device index (decision 040): split and joined words, folded accents and the
// synonyms product owners keep in data/search/synonyms (common.txt for every shop, <language>.txt per
// shop language). Elasticsearch settings, so the embedded engine and SEARCH_URL index alike.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../../src/config/locales';
import { SYNONYMS_DIR } from '../platform/paths';
import type { IndexAnalysis } from '../search/analysis';

/** The synonym file of each shop's language (Austria shares the German one). */
const LANGUAGE_FILE: Readonly<Record<Locale, string>> = { default: 'en', de: 'de', at: 'de', es: 'es', fr: 'fr', it: 'it' };

/** The text fields the device search reads; all analyzed alike. */
export const DEVICE_TEXT_FIELDS = ['name', 'model', 'searchTerms', 'category', 'manufacturer', 'series'] as const;

/** Equivalence lines of a synonym file: comments (#) and blank lines dropped. */
export function synonymLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');
}

const cache = new Map<Locale, IndexAnalysis>();

export function deviceAnalysis(locale: Locale, dir = SYNONYMS_DIR): IndexAnalysis {
  const cached = dir === SYNONYMS_DIR ? cache.get(locale) : undefined;
  if (cached) return cached;
  const read = (name: string) => synonymLines(readFileSync(join(dir, `${name}.txt`), 'utf8'));
  const analysis: IndexAnalysis = {
    settings: {
      // Words are split where the case changes and between letters and digits by char filters, not by
      // word_delimiter_graph: Elasticsearch refuses a synonym filter behind a filter that emits several
      // tokens for one. The shingles join the parts again ("One Plus" → "oneplus", "Note 20" → "note20").
      char_filter: {
        // "Galaxy S10+" is the Galaxy S10 Plus: the standard tokenizer would drop the "+".
        plus_word: { type: 'mapping', mappings: ['+ => \\u0020plus\\u0020'] },
        case_split: { type: 'pattern_replace', pattern: '(?<=\\p{Ll})(?=\\p{Lu})', replacement: ' ' },
        digit_split: { type: 'pattern_replace', pattern: '(?<=\\p{L})(?=\\p{N})|(?<=\\p{N})(?=\\p{L})', replacement: ' ' },
      },
      filter: {
        device_folding: { type: 'asciifolding', preserve_original: true },
        device_synonyms: { type: 'synonym', synonyms: [...read('common'), ...read(LANGUAGE_FILE[locale])], lenient: true },
        device_joined: { type: 'shingle', min_shingle_size: 2, max_shingle_size: 2, output_unigrams: true, token_separator: '' },
      },
      analyzer: {
        device_index: {
          type: 'custom',
          tokenizer: 'standard',
          char_filter: ['plus_word', 'case_split', 'digit_split'],
          filter: ['lowercase', 'device_folding', 'device_synonyms', 'device_joined'],
        },
        device_search: {
          type: 'custom',
          tokenizer: 'standard',
          char_filter: ['plus_word', 'case_split', 'digit_split'],
          filter: ['lowercase', 'device_folding'],
        },
      },
    },
    fields: Object.fromEntries(DEVICE_TEXT_FIELDS.map((f) => [f, { analyzer: 'device_index', search_analyzer: 'device_search' }])),
  };
  if (dir === SYNONYMS_DIR) cache.set(locale, analysis);
  return analysis;
}
