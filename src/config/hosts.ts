// The host table (product §1): every live, test, stage and local host name → (locale, shop mode),
// and the language choice: host first, else the stored language cookie, else the default shop.

import { LANGUAGE_COOKIE } from './constants';
import { COUNTRY_LOCALES, isLocale, type Locale } from './locales';

export const SHOP_MODES = ['default', 'b2bWidget', 'agan', 'aganwidget'] as const;
export type ShopMode = (typeof SHOP_MODES)[number];
export type HostEnvironment = 'live' | 'test' | 'stage' | 'local';

export interface HostEntry {
  readonly locale: Locale;
  readonly mode: ShopMode;
  readonly env: HostEnvironment;
}

const TLD: Record<(typeof COUNTRY_LOCALES)[number], string> = { de: 'de', at: 'at', es: 'es', fr: 'fr', it: 'it' };

/** A widget host → the host of the full shop of its brand (links that must leave the frame open there). */
const FULL_SHOP_HOSTS = new Map<string, string>();

function buildHostTable(): ReadonlyMap<string, HostEntry> {
  const table = new Map<string, HostEntry>();
  const add = (host: string, locale: Locale, mode: ShopMode, env: HostEnvironment) => table.set(host, { locale, mode, env });
  const envs = [
    ['live', 'www.'],
    ['test', 'test.'],
    ['stage', 'stage.'],
  ] as const;

  for (const locale of COUNTRY_LOCALES) {
    const domain = `tradein.${TLD[locale]}`;
    add(domain, locale, 'default', 'live');
    for (const [env, prefix] of envs) add(`${prefix}${domain}`, locale, 'default', env);
    add(`${locale}.localhost`, locale, 'default', 'local');
  }
  add('tradein.com', 'default', 'default', 'live');
  for (const [env, prefix] of envs) add(`${prefix}tradein.com`, 'default', 'default', env);
  add('localhost', 'default', 'default', 'local');
  add('127.0.0.1', 'default', 'default', 'local');

  // German-only modes: the partner widget and the sister brand with its widget.
  for (const [env, prefix] of [
    ['live', ''],
    ['test', 'test.'],
    ['stage', 'stage.'],
  ] as const) {
    const www = prefix === '' ? 'www.' : prefix;
    add(`${prefix}b2bwidget.tradein.de`, 'de', 'b2bWidget', env);
    add(`${www}agan.de`, 'de', 'agan', env);
    add(`${prefix}widget.agan.de`, 'de', 'aganwidget', env);
    FULL_SHOP_HOSTS.set(`${prefix}b2bwidget.tradein.de`, `${www}tradein.de`);
    FULL_SHOP_HOSTS.set(`${prefix}widget.agan.de`, `${www}agan.de`);
  }
  add('agan.de', 'de', 'agan', 'live');
  add('b2bwidget.localhost', 'de', 'b2bWidget', 'local');
  add('agan.localhost', 'de', 'agan', 'local');
  add('aganwidget.localhost', 'de', 'aganwidget', 'local');
  FULL_SHOP_HOSTS.set('b2bwidget.localhost', 'de.localhost');
  FULL_SHOP_HOSTS.set('aganwidget.localhost', 'agan.localhost');
  return table;
}

export const HOST_TABLE = buildHostTable();

/** Strips the port and lower-cases; `[::1]:3000` → `[::1]`. */
export function normalizeHost(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * The full shop's address for a page of a widget host (`http://b2bwidget.localhost:3000` →
 * `http://de.localhost:3000`, `https://widget.agan.de` → `https://www.agan.de`), port and scheme kept;
 * undefined for a host that is no widget host.
 */
export function fullShopOrigin(location: { readonly protocol: string; readonly host: string }): string | undefined {
  const full = FULL_SHOP_HOSTS.get(normalizeHost(location.host));
  if (!full) return undefined;
  const port = /:(\d+)$/.exec(location.host)?.[1];
  return `${location.protocol}//${full}${port ? `:${port}` : ''}`;
}

export function lookupHost(host: string | undefined): HostEntry | undefined {
  return host ? HOST_TABLE.get(normalizeHost(host)) : undefined;
}

export interface ShopContext {
  readonly locale: Locale;
  readonly mode: ShopMode;
  /** True where the host does not fix the language, so the stored language cookie chooses it. */
  readonly languageSwitchable: boolean;
}

/** Reads one cookie from a Cookie header (or `document.cookie`). */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Chooses the shop: a country host decides the locale; on a host of the default shop (plain localhost,
 * unknown hosts) the stored language cookie may choose one; else the English default shop.
 */
export function resolveShop(host: string | undefined, cookieHeader?: string): ShopContext {
  const entry = lookupHost(host);
  if (entry && entry.locale !== 'default') return { locale: entry.locale, mode: entry.mode, languageSwitchable: false };
  const stored = readCookie(cookieHeader, LANGUAGE_COOKIE);
  return { locale: isLocale(stored) ? stored : 'default', mode: entry?.mode ?? 'default', languageSwitchable: true };
}
