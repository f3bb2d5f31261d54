// The browser's catalogue calls (src/services/catalogue) against the server's engine: every query the
// client builds is inside the supported DSL subset, and the results map to the product §3 entities.

import { beforeAll, describe, expect, it } from 'vitest';
import {
  fetchResultsPage,
  fetchSuggestions,
  CatalogueUnavailableError,
  fetchCategories,
  fetchCategoryByUrl,
  fetchCategoryCards,
  fetchDeviceByUrl,
  fetchDevicesByIds,
  fetchTopDevicesOfCategory,
  fetchDevicesOf,
  fetchOverviewByUrl,
  fetchPopularDevices,
  httpSearch,
  searchDevices,
  type CatalogueApi,
} from '../../src/services/catalogue/search';
import type { SearchRequest } from '../../src/services/catalogue/transport';
import { fixtureCatalogue } from '../test-support/catalogue';
import { LocalSearch } from './search-service';
import { CatalogueStore } from './store';

let search: LocalSearch;
const calls: SearchRequest[] = [];

function api(locale: CatalogueApi['locale']): CatalogueApi {
  return {
    search: async (request) => {
      calls.push(request);
      return search.search(request.application, request.search, request.resultSize);
    },
    locale,
  };
}

beforeAll(() => {
  search = new LocalSearch(CatalogueStore.of(fixtureCatalogue()));
});

describe('catalogue service on the embedded engine', () => {
  it('lists categories in order, with links and top series', async () => {
    const categories = await fetchCategories(api('de'));
    expect(categories.map((c) => c.key)).toEqual(['smartphones', 'gameConsoles']);
    expect(categories[0]).toMatchObject({ name: 'Smartphones (de)', url: 'smartphones', thumbnail: '/images/devices/phone.svg' });
    expect(categories[0]?.topManufacturers.map((m) => m.title)).toEqual(['iPhone verkaufen']);
    expect(categories[0]?.topSeries.map((s) => s.url)).toEqual(['iphone-13', 'iphone-15']);
  });

  it('finds a device by url with its category questions and the first front image', async () => {
    const device = await fetchDeviceByUrl(api('it'), 'apple-iphone-13-128-gb');
    expect(device).toMatchObject({
      id: 1300,
      model: 'iPhone 13',
      image: '/images/devices/phone.svg',
      basePrice: 295,
      seriesUrl: 'iphone-13',
    });
    expect(device?.questions.map((q) => q.code)).toEqual(['POWER', 'DISPLAY', 'ACCOUNT']);
    expect(device?.questions[0]?.answers).toEqual([
      { id: 11, code: 'YES', text: 'Yes' },
      { id: 12, code: 'NO_WATER', text: 'No, water damage' },
    ]);
    expect(await fetchDeviceByUrl(api('it'), 'nothing')).toBeNull();
  });

  it("lists a category's top models once each, most popular first", async () => {
    const top = await fetchTopDevicesOfCategory(api('de'), 1);
    expect(top.length).toBeGreaterThan(1);
    expect(new Set(top.map((d) => d.model)).size).toBe(top.length);
    expect(top.every((d) => d.categoryId === 1)).toBe(true);
    expect(await fetchTopDevicesOfCategory(api('de'), 99)).toEqual([]);
  });

  it('fetches devices by id in the order given (the popular devices), leaving out unknown ids', async () => {
    expect((await fetchDevicesByIds(api('de'), [1300, 999_999, 1500])).map((d) => d.id)).toEqual([1300, 1500]);
    expect(await fetchDevicesByIds(api('de'), [])).toEqual([]);
  });

  it('resolves overview slugs to a manufacturer or a series, and lists newest first', async () => {
    const manufacturer = await fetchOverviewByUrl(api('de'), 'apple-smartphones');
    expect(manufacturer?.type).toBe('manufacturer');
    const devices = await fetchDevicesOf(api('de'), manufacturer!);
    expect(devices.map((d) => d.id)).toEqual([1500, 1300, 1301]);
    const series = await fetchOverviewByUrl(api('de'), 'iphone-13');
    expect(series).toMatchObject({ type: 'series', page: { manufacturer: { url: 'apple-smartphones' } } });
    expect(await fetchOverviewByUrl(api('de'), 'smartphones')).toBeNull();
    expect(await fetchCategoryByUrl(api('de'), 'smartphones')).toMatchObject({ key: 'smartphones' });
  });

  it('searches devices typo-tolerantly on model and search terms', async () => {
    // One suggestion per model: the iPhone 13's second size (1301) is not listed beside its first.
    expect((await searchDevices(api('fr'), 'iphnoe 13')).map((d) => d.id)).toEqual([1300]);
    expect((await searchDevices(api('fr'), 'ps5')).map((d) => d.id)).toEqual([3000]);
    expect((await searchDevices(api('fr'), 'A2848')).map((d) => d.id)).toEqual([1500]);
    expect(await searchDevices(api('fr'), 'x')).toEqual([]);
    expect(await searchDevices(api('fr'), 'qqqzzz')).toEqual([]);
  });

  it('orders popular devices by popularity', async () => {
    expect((await fetchPopularDevices(api('es'), 2)).map((d) => d.id)).toEqual([1500, 1300]);
  });

  it('asks the locale indexes named by the country configuration', async () => {
    calls.length = 0;
    await fetchCategories(api('at'));
    await searchDevices(api('at'), 'galaxy');
    expect(calls.map((c) => c.application)).toEqual(['at_aggregations', 'at_devices']);
  });

  it('turns transport failures and foreign answers into CatalogueUnavailableError', async () => {
    const failing: CatalogueApi = { search: () => Promise.reject(new Error('down')), locale: 'de' };
    await expect(fetchCategories(failing)).rejects.toBeInstanceOf(CatalogueUnavailableError);
    const garbage: CatalogueApi = { search: async () => ({ hits: 'nope' }), locale: 'de' };
    await expect(fetchCategories(garbage)).rejects.toBeInstanceOf(CatalogueUnavailableError);
  });

  it('asks only for the fields a page shows', async () => {
    calls.length = 0;
    const cards = await fetchCategoryCards(api('de'));
    expect(cards[0]).toEqual({
      id: expect.any(Number),
      title: 'Smartphones (de)',
      url: 'smartphones',
      thumbnail: '/images/devices/phone.svg',
    });
    const answer = JSON.stringify(await search.search(calls[0]!.application, calls[0]!.search, calls[0]!.resultSize));
    expect(answer).not.toContain('questions');
    expect(answer).not.toContain('manufacturers');
    const category = await fetchCategoryByUrl(api('de'), 'smartphones');
    expect(category).not.toHaveProperty('questions');
  });

  it('sends the same request over HTTP to POST /searches', async () => {
    const sent: unknown[] = [];
    const client = Object.assign(async (url: string, options: { method: string; body: unknown }) => {
      sent.push({ url, method: options.method, body: options.body });
      return { took: 0, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] } };
    }, {});
    const transport = httpSearch(client as never);
    expect(await fetchCategoryCards({ search: transport, locale: 'fr' })).toEqual([]);
    expect(sent).toMatchObject([{ url: '/searches', method: 'POST', body: { application: 'fr_aggregations', resultSize: 50 } }]);
  });
});

describe('results page', () => {
  it('shows a model once, with its other variants on its line', async () => {
    const page = await fetchResultsPage(api('de'), { q: 'iphone 13', page: 1 });
    expect(page.total).toBe(2);
    expect(page.devices.map((d) => d.id)).toEqual([1300]);
    expect(page.devices[0]?.variants?.map((v) => v.id)).toEqual([1301]);
  });
});

describe('did you mean', () => {
  it('suggests brand and category names near the words, never devices', async () => {
    expect(await fetchSuggestions(api('fr'), 'samsnug zzqx')).toEqual(['Samsung']);
    expect(await fetchSuggestions(api('fr'), 'smartphnes')).toEqual(['Smartphones']);
  });

  it('suggests nothing for words near no name, nor for model numbers', async () => {
    expect(await fetchSuggestions(api('fr'), 'blablaphone 9000')).toEqual([]);
    expect(await fetchSuggestions(api('fr'), 'x1')).toEqual([]);
  });

  it('offers them on a results page without any match', async () => {
    const page = await fetchResultsPage(api('fr'), { q: 'samsnug fridge', page: 1 });
    expect(page).toMatchObject({ total: 0, devices: [], suggestions: ['Samsung'] });
  });
});

describe('search while typing', () => {
  it('lets the last word be the start of a word', async () => {
    const ids = (await searchDevices(api('de'), 'galxy s2')).map((d) => d.id);
    expect(ids).toEqual([2100]);
    expect((await searchDevices(api('de'), 'iphone 1')).map((d) => d.id).sort()).toEqual([1300, 1500]);
    expect((await searchDevices(api('de'), 'playst')).map((d) => d.id)).toEqual([3000]);
  });
  it('still needs every earlier word to match', async () => {
    expect(await searchDevices(api('de'), 'galaxy iphone')).toEqual([]);
  });
});
