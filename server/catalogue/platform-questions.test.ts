// Question texts per platform on the real seed catalogue, through the browser's catalogue calls: no
// Android seller is asked about Face ID or told to open the iPhone's settings, and iPhone sellers get
// the Apple steps; devices of other platforms get the plain texts.

import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import { fetchDeviceByUrl, questionsFor, type CatalogueApi } from '../../src/services/catalogue/search';
import { LocalSearch } from './search-service';
import { loadSeedCatalogue } from './seed';
import { CatalogueStore } from './store';

let search: LocalSearch;
const api = (locale: CatalogueApi['locale']): CatalogueApi => ({
  search: async (request) => search.search(request.application, request.search, request.resultSize),
  locale,
});
const textOf = (device: Awaited<ReturnType<typeof fetchDeviceByUrl>>) =>
  device!.questions.flatMap((q) => [q.question, q.description, ...q.answers.map((a) => a.text)]).join('\n');

beforeAll(() => {
  search = new LocalSearch(CatalogueStore.of(loadSeedCatalogue()));
});

describe('questions per platform', () => {
  it.each(LOCALES)('an Android phone, tablet or watch never mentions Face ID, the iPhone or iPad (%s)', async (locale) => {
    for (const url of ['samsung-galaxy-s24-128-gb', 'google-pixel-9a-128-gb']) {
      const text = textOf(await fetchDeviceByUrl(api(locale), url));
      expect(text).not.toMatch(/Face ID|Touch ID|iPhone|iPad|Apple/);
      expect(text).toMatch(/Google/);
    }
  });

  it('an iPhone gets the Apple steps (Face ID, Find My) and no Google account', async () => {
    const text = textOf(await fetchDeviceByUrl(api('de'), 'apple-iphone-15-pro-128-gb'));
    expect(text).toContain('Face ID');
    expect(text).toContain('„Mein iPhone suchen“');
    expect(text).not.toMatch(/Google|Android/);
  });

  it('a phone of a brand without a platform gets the plain texts, naming neither system', async () => {
    const text = textOf(await fetchDeviceByUrl(api('fr'), 'huawei-p30-128-gb'));
    expect(text).not.toMatch(/Face ID|iPhone|Google|Android/);
  });

  it('falls back to the plain text where a platform replaces only one of question and description', () => {
    const [q] = questionsFor('android', [
      { id: 1, code: 'x', question: 'plain q', description: 'plain d', platforms: { android: { description: 'android d' } }, answers: [] },
    ]);
    expect(q).toEqual({ id: 1, code: 'x', question: 'plain q', description: 'android d', answers: [] });
    expect(
      questionsFor('other', [{ id: 1, code: 'x', question: 'q', description: 'd', platforms: { ios: { question: 'i' } }, answers: [] }])[0]
        ?.question,
    ).toBe('q');
  });
});
