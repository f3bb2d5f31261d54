import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { CONTENT_SLUGS } from './content';
import { B2B_WIDGET_BANNERS, HOME_BANNERS, activeHomeBanner, homeBannerOf, type HomeBanner } from './home-banners';
import { LOCALES } from './locales';

const banners: HomeBanner[] = [
  { id: 'winter', text: 'Winter', link: { label: 'More', href: '/' }, from: '2026-12-20', until: '2027-01-15' },
  { id: 'always', text: 'Always', link: { label: 'More', href: '/' } },
];

describe('activeHomeBanner', () => {
  it('shows a dated banner only within its range, both days included, else the next one', () => {
    expect(activeHomeBanner(banners, new Date('2026-12-19T23:59:59Z'))?.id).toBe('always');
    expect(activeHomeBanner(banners, new Date('2026-12-20T00:00:00Z'))?.id).toBe('winter');
    expect(activeHomeBanner(banners, new Date('2027-01-15T23:59:59Z'))?.id).toBe('winter');
    expect(activeHomeBanner(banners, new Date('2027-01-16T00:00:00Z'))?.id).toBe('always');
  });

  it('shows nothing when no banner is active', () => {
    expect(activeHomeBanner([banners[0]!], new Date('2026-11-24T12:00:00Z'))).toBeUndefined();
    expect(activeHomeBanner([], new Date())).toBeUndefined();
  });
});

describe.each(LOCALES)('the %s home banners', (locale) => {
  const country = COUNTRIES[locale];
  const configured: readonly HomeBanner[] = HOME_BANNERS[locale];
  it('exist where the country shows a banner, with text, valid dates and links to the shop’s own pages', () => {
    if (country.features.hasHomeBanner) expect(homeBannerOf({ locale, mode: 'default' }, new Date())).toBeDefined();
    const slugs = Object.values(CONTENT_SLUGS[locale]);
    for (const banner of configured) {
      expect(banner.text.length).toBeGreaterThan(20);
      for (const day of [banner.from, banner.until]) if (day) expect(Number.isNaN(Date.parse(`${day}T00:00:00Z`))).toBe(false);
      if (banner.from && banner.until) expect(banner.from <= banner.until).toBe(true);
      expect(banner.link.href.startsWith('/')).toBe(true);
      const content = /^\/content\/(.+)$/.exec(banner.link.href);
      if (content) expect(slugs).toContain(content[1]);
    }
    // An undated banner last, so the shop always has one to show.
    const last = configured.at(-1);
    expect(last?.from === undefined && last?.until === undefined).toBe(true);
  });
});

describe('the partner widget', () => {
  it('shows the business banner instead of the consumer one', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(homeBannerOf({ locale: 'de', mode: 'b2bWidget' }, now)).toBe(B2B_WIDGET_BANNERS[0]);
    expect(homeBannerOf({ locale: 'de', mode: 'default' }, now)?.id).toBe('free-shipping');
    expect(homeBannerOf({ locale: 'de', mode: 'default' }, new Date('2026-12-24T12:00:00Z'))?.id).toBe('new-phone-season');
  });
});

describe('the partner widget banner', () => {
  it('promises no payment by invoice (the shop pays sellers by transfer or PayPal) and stays inside the flow', () => {
    for (const banner of B2B_WIDGET_BANNERS) {
      expect(banner.text).not.toMatch(/rechnung|invoice/i);
      expect(banner.link.href).not.toMatch(/b2b/);
    }
  });
});
