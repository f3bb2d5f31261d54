import { describe, expect, it } from 'vitest';
import { readResultsSearch } from './loaders';

describe('readResultsSearch (the results page query string)', () => {
  it('reads the text, the filters and the page', () => {
    expect(readResultsSearch({ q: ' iphnoe 13 ', category: 'smartphones', brand: 'Apple', page: '2' })).toEqual({
      q: 'iphnoe 13',
      category: 'smartphones',
      brand: 'Apple',
      page: 2,
    });
  });

  it('leaves out empty filters and takes numbers the router parsed', () => {
    expect(readResultsSearch({ q: 5, category: '', page: 3 })).toEqual({ q: '5', page: 3 });
  });

  it('falls back to page 1 and no text for anything malformed', () => {
    expect(readResultsSearch({})).toEqual({ q: '', page: 1 });
    expect(readResultsSearch({ q: { $ne: 1 }, page: 'x' })).toEqual({ q: '', page: 1 });
    expect(readResultsSearch({ q: 'a', page: 0 }).page).toBe(1);
    expect(readResultsSearch({ q: 'a', page: 1.5 }).page).toBe(1);
    expect(readResultsSearch({ q: 'a', page: 100_000 }).page).toBe(1);
  });

  it('cuts a long text to 100 characters', () => {
    expect(readResultsSearch({ q: 'x'.repeat(500) }).q).toHaveLength(100);
  });
});
