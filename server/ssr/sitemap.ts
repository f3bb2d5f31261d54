// sitemap.xml per shop from the route map: the public parameterless screens and the content pages.

import { CONTENT_PAGES, CONTENT_SLUGS } from '../../src/config/content';
import type { Locale } from '../../src/config/locales';
import { ROUTE_MAP, buildPath, pathTemplate, type ScreenId } from '../../src/config/routes';

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

export function sitemapPaths(locale: Locale): string[] {
  const screens = (Object.keys(ROUTE_MAP) as ScreenId[]).filter(
    (s) => (ROUTE_MAP[s] as { sitemap?: boolean }).sitemap && pathTemplate(s, locale) !== undefined,
  );
  return [
    ...screens.map((s) => buildPath(s, locale)),
    ...CONTENT_PAGES.map((p) => buildPath('content', locale, { slug: CONTENT_SLUGS[locale][p] })),
  ];
}

export function sitemapXml(origin: string, locale: Locale): string {
  const urls = sitemapPaths(locale)
    .map((path) => `  <url><loc>${xmlEscape(origin + path)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
