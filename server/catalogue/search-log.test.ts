// Zero-result insight (issue 17): what a submitted search leaves in the database (only the normalised
// text, the shop and counts per day), what it never stores, and the report, through POST /searches on
// PGlite (and PostgreSQL with TEST_DATABASE_URL).

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSearchQuery } from '../../src/services/catalogue/queries';
import type { DatabaseHandle } from '../db/client';
import { searchCounts } from '../db/schema/catalogue';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { fixtureCatalogue } from '../test-support/catalogue';
import { countSearch, normaliseSearchText, searchReportTable, suggestionsOf, topSearches, withSuggestions } from './search-log';
import { LocalSearch } from './search-service';
import { CatalogueStore } from './store';

describe('normaliseSearchText', () => {
  it('lower-cases, folds widths and collapses spaces', () => {
    expect(normaliseSearchText('  iPhnoe   13 ')).toBe('iphnoe 13');
    expect(normaliseSearchText('ＰＳ５')).toBe('ps5');
  });

  it('keeps nothing that may be personal data or too short to count', () => {
    expect(normaliseSearchText('max@example.com')).toBeNull();
    expect(normaliseSearchText('0151 234 5678')).toBeNull();
    expect(normaliseSearchText('IMEI 356938035643809')).toBeNull();
    expect(normaliseSearchText('x')).toBeNull();
    expect(normaliseSearchText('A2633')).toBe('a2633');
  });
});

const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached');
};

describe.each(testDatabases())('search counts on $name', (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await target.open();
    app = await testApp(await fixtureServices(handle.db));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const submit = (text: string, application = 'de_devices') =>
    app.inject({
      method: 'POST',
      url: '/searches',
      payload: { search: deviceSearchQuery(text, 24), application, resultSize: 24, submitted: text },
    });

  it('counts a submitted search per day, shop and text, and whether it found nothing', async () => {
    expect((await submit('Qwertz Phone 3000')).statusCode).toBe(200);
    expect((await submit('qwertz   phone 3000')).statusCode).toBe(200);
    await waitFor(async () => (await handle.db.select().from(searchCounts)).some((r) => r.searches === 2));
    const rows = await handle.db.select().from(searchCounts);
    expect(rows).toEqual([
      { day: new Date().toISOString().slice(0, 10), locale: 'de', query: 'qwertz phone 3000', searches: 2, zeroResults: 2 },
    ]);
  });

  it('does not count searches while typing, searches of other indexes or personal data', async () => {
    const before = (await handle.db.select().from(searchCounts)).length;
    const typing = await app.inject({
      method: 'POST',
      url: '/searches',
      payload: { search: deviceSearchQuery('zzz unknown', 8), application: 'de_devices', resultSize: 8 },
    });
    expect(typing.statusCode).toBe(200);
    expect((await submit('someone@example.com')).statusCode).toBe(200);
    expect((await submit('zzz unknown', 'de_aggregations')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await handle.db.select().from(searchCounts)).toHaveLength(before);
  });

  it('reports the top searches without results per shop', async () => {
    const at = new Date('2026-11-20T10:00:00Z');
    for (const text of ['nokia 3310', 'nokia 3310', 'siemens s35']) await countSearch(handle.db, { locale: 'fr', text, total: 0, at });
    await countSearch(handle.db, { locale: 'fr', text: 'iphone 13', total: 12, at });
    const rows = await topSearches(handle.db, { days: 7, zeroOnly: true, locale: 'fr', limit: 10, now: at });
    expect(rows).toEqual([
      { locale: 'fr', query: 'nokia 3310', searches: 2, zeroResults: 2 },
      { locale: 'fr', query: 'siemens s35', searches: 1, zeroResults: 1 },
    ]);
    expect(await topSearches(handle.db, { days: 7, zeroOnly: true, locale: 'fr', limit: 1, now: at })).toHaveLength(1);
    expect(
      await topSearches(handle.db, { days: 1, zeroOnly: false, locale: 'fr', limit: 10, now: new Date('2026-11-25T10:00:00Z') }),
    ).toEqual([]);
    expect(searchReportTable(rows, { days: 7, zeroOnly: true })).toMatch(/\[fr\]\n.*\n\s+2\s+2\s+nokia 3310/);
    const suggested = await withSuggestions(rows, async (_, text) => (text.startsWith('nokia') ? ['Nokia'] : []));
    const table = searchReportTable(suggested, { days: 7, zeroOnly: true });
    expect(table).toContain('nokia 3310  → Nokia');
    expect(table).toContain('siemens s35  → (no suggestion)');
  });

  it('finds the suggestions the results page offers', async () => {
    const local = new LocalSearch(CatalogueStore.of(fixtureCatalogue()));
    expect(await suggestionsOf(local, 'fr', 'samsnug zzqx')).toEqual(['Samsung']);
    expect(await suggestionsOf(local, 'fr', 'blablaphone 9000')).toEqual([]);
  });
});
