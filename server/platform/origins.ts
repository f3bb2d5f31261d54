// The public origin of each country shop, for absolute links in mail (label link). It comes from
// configuration, never from a request's Host header (which a client chooses).
//
// PUBLIC_ORIGINS="default=https://tradein.com,de=https://www.tradein.de,at=https://www.tradein.at,
//                 es=https://www.tradein.es,fr=https://www.tradein.fr,it=https://www.tradein.it"
// A shop left out gets the local development origin: http://<locale>.localhost:<PORT>, and
// http://localhost:<PORT> for the default shop. Deployments list every shop. The sister brand's
// links (decision 033) go to its own shop: `agan=https://www.agan.de` (default http://agan.localhost:<PORT>).
// The staff back office (decision 071) is served on its own host: `staff=https://staff.tradein.com`
// (default http://staff.localhost:<PORT>); it is no shop, so no shop link ever points there.

import type { Brand } from '../../src/config/brands';
import { isLocale, type Locale } from '../../src/config/locales';

/** Keys: the locales of the main brand's shops, `agan` for the sister brand's (German) shop, `staff` for the back office. */
export type PublicOrigins = Partial<Record<Locale | 'agan' | 'staff', string>>;

export class PublicOriginsError extends Error {}

/** `scheme://host[:port]` with http or https, nothing after it; the trailing slash is dropped. */
function parseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PublicOriginsError(`"${value}" is not a URL such as https://www.tradein.de`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PublicOriginsError(`"${value}" must start with http:// or https://`);
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new PublicOriginsError(`"${value}" must be an origin only (scheme, host and port), without path, query or user`);
  }
  return url.origin;
}

/** Parses `locale=origin` pairs separated by commas (or white space). */
export function parsePublicOrigins(value: string): PublicOrigins {
  const origins: PublicOrigins = {};
  for (const pair of value.split(/[,\s]+/).filter(Boolean)) {
    const eq = pair.indexOf('=');
    const key = eq > 0 ? pair.slice(0, eq).trim() : '';
    const locale = key === 'agan' || key === 'staff' || isLocale(key) ? key : undefined;
    if (!locale)
      throw new PublicOriginsError(
        `"${pair}" must look like de=https://www.tradein.de (locales: default, de, at, es, fr, it; or agan, staff)`,
      );
    if (origins[locale]) throw new PublicOriginsError(`${locale} is listed twice`);
    origins[locale] = parseOrigin(pair.slice(eq + 1).trim());
  }
  return origins;
}

export function localOrigin(locale: Locale, port: number): string {
  return `http://${locale === 'default' ? '' : `${locale}.`}localhost:${port}`;
}

/** Where a shop's origin came from: PUBLIC_ORIGINS, or the local development origin on PORT. */
export interface ResolvedOrigin {
  readonly origin: string;
  /** `configured`: the PUBLIC_ORIGINS entry `key`; `local`: PUBLIC_ORIGINS has no `key`. */
  readonly source: 'configured' | 'local';
  /** The PUBLIC_ORIGINS key that was looked up: the locale, or `agan` for the sister brand. */
  readonly key: Locale | 'agan';
}

/** The origin of each shop and where it came from: the configured one, else the local development one; the sister brand's has one shop. */
export function publicOriginSource(origins: PublicOrigins, port: number): (locale: Locale, brand?: Brand) => ResolvedOrigin {
  return (locale, brand = 'tradein') => {
    const key = brand === 'agan' ? 'agan' : locale;
    const configured = origins[key];
    if (configured) return { origin: configured, source: 'configured', key };
    return { origin: key === 'agan' ? `http://agan.localhost:${port}` : localOrigin(locale, port), source: 'local', key };
  };
}

/** The origin of each shop: the configured one, else the local development one; the sister brand's has one shop. */
export function publicOriginResolver(origins: PublicOrigins, port: number): (locale: Locale, brand?: Brand) => string {
  const resolve = publicOriginSource(origins, port);
  return (locale, brand) => resolve(locale, brand).origin;
}

/** How an operator reads it: `https://www.tradein.de (PUBLIC_ORIGINS)`, or why it is the local one. */
export function describeOrigin(resolved: ResolvedOrigin, port: number): string {
  return resolved.source === 'configured'
    ? `${resolved.origin} (PUBLIC_ORIGINS)`
    : `${resolved.origin} (PUBLIC_ORIGINS has no "${resolved.key}": the local origin on PORT ${port})`;
}

/** The back office's origin: PUBLIC_ORIGINS `staff=…`, else http://staff.localhost:<PORT>. */
export function staffOrigin(origins: PublicOrigins, port: number): string {
  return origins.staff ?? `http://staff.localhost:${port}`;
}
