// The country hosts and route parameters of the tests that open every screen (server page tests and the
// e2e specs).

import { CATEGORY_SLUGS } from '../../src/config/categories';
import { CONTENT_SLUGS } from '../../src/config/content';
import type { Locale } from '../../src/config/locales';
import type { PathParams } from '../../src/config/routes';

/** Route parameters that name a real page of the fixture catalogue (or a sample trade, link and hash). */
export function sampleParams(locale: Locale, device: string): PathParams {
  return {
    pdp: device,
    overview: `apple-${CATEGORY_SLUGS[locale].smartphones}`,
    category: CATEGORY_SLUGS[locale].smartphones,
    slug: CONTENT_SLUGS[locale].terms,
    id: '1042',
    trade: 'TR-2026-0001',
    offerid: '77',
    emailHash: '5f4dcc3b5aa765d61d8327deb882cf99',
  };
}

/** The host each shop answers on in the tests. */
export const SHOP_HOSTS: Readonly<Record<Locale, string>> = {
  default: 'localhost',
  de: 'de.localhost',
  at: 'at.localhost',
  es: 'es.localhost',
  fr: 'fr.localhost',
  it: 'it.localhost',
};
