// One trail for every catalogue level: category › brand › series › device, the current page unlinked.

import { describe, expect, it } from 'vitest';
import { buildPath } from '../../config/routes';
import { catalogueCrumbs } from './breadcrumbs';

const shop = {
  path: (screen: Parameters<typeof buildPath>[0], params?: Parameters<typeof buildPath>[2]) => buildPath(screen, 'de', params),
};
const category = { name: 'Smartphones', url: 'smartphones' };
const manufacturer = { name: 'Google', url: 'google-smartphones' };
const series = { name: 'Pixel a', url: 'pixel-a' };

describe('catalogue breadcrumbs', () => {
  it('a device page shows home, category, brand and series as links and the device as the current page', () => {
    const crumbs = catalogueCrumbs(shop, 'Startseite', { category, manufacturer, series, device: { name: 'Google Pixel 9a 128 GB' } });
    expect(crumbs.map((c) => c.label)).toEqual(['Startseite', 'Smartphones', 'Google', 'Pixel a', 'Google Pixel 9a 128 GB']);
    expect(crumbs.slice(0, 4).every((c) => c.to)).toBe(true);
    expect(crumbs[2]?.to).toBe(buildPath('productOverview', 'de', { overview: 'google-smartphones' }));
    expect(crumbs[4]?.to).toBeUndefined();
  });

  it('a series page is the device trail without the device, its series unlinked', () => {
    const device = catalogueCrumbs(shop, 'Home', { category, manufacturer, series, device: { name: 'x' } });
    const seriesPage = catalogueCrumbs(shop, 'Home', { category, manufacturer, series });
    expect(seriesPage.slice(0, 3)).toEqual(device.slice(0, 3));
    expect(seriesPage[3]).toEqual({ label: 'Pixel a' });
  });

  it('a brand and a category page end at their own level', () => {
    expect(catalogueCrumbs(shop, 'Home', { category, manufacturer }).map((c) => c.label)).toEqual(['Home', 'Smartphones', 'Google']);
    expect(catalogueCrumbs(shop, 'Home', { category })).toEqual([{ label: 'Home', to: buildPath('home', 'de') }, { label: 'Smartphones' }]);
  });
});
