import { describe, expect, it } from 'vitest';
import { HOST_TABLE, lookupHost, normalizeHost, readCookie, resolveShop } from './hosts';

describe('host table (product §1)', () => {
  it.each([
    ['localhost', 'default', 'default'],
    ['de.localhost', 'de', 'default'],
    ['at.localhost', 'at', 'default'],
    ['es.localhost', 'es', 'default'],
    ['fr.localhost', 'fr', 'default'],
    ['it.localhost', 'it', 'default'],
    ['b2bwidget.localhost', 'de', 'b2bWidget'],
    ['agan.localhost', 'de', 'agan'],
    ['aganwidget.localhost', 'de', 'aganwidget'],
    ['www.tradein.fr', 'fr', 'default'],
    ['test.tradein.it', 'it', 'default'],
    ['stage.tradein.es', 'es', 'default'],
    ['www.agan.de', 'de', 'agan'],
    ['widget.agan.de', 'de', 'aganwidget'],
    ['stage.b2bwidget.tradein.de', 'de', 'b2bWidget'],
  ] as const)('%s → %s / %s', (host, locale, mode) => {
    expect(lookupHost(host)).toMatchObject({ locale, mode });
  });

  it('has live, test, stage and local hosts for every country', () => {
    for (const locale of ['de', 'at', 'es', 'fr', 'it']) {
      const envs = new Set([...HOST_TABLE.values()].filter((e) => e.locale === locale).map((e) => e.env));
      expect([...envs].sort()).toEqual(['live', 'local', 'stage', 'test']);
    }
  });

  it('ignores the port, case and a trailing dot', () => {
    expect(normalizeHost('DE.localhost:3000')).toBe('de.localhost');
    expect(normalizeHost('www.tradein.de.')).toBe('www.tradein.de');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(lookupHost('Es.Localhost:8080')?.locale).toBe('es');
  });
});

describe('language choice: host, else cookie, else default', () => {
  it('a country host wins over the cookie', () => {
    expect(resolveShop('fr.localhost:3000', 'lang=it')).toEqual({ locale: 'fr', mode: 'default', languageSwitchable: false });
  });
  it('a default-shop host takes the stored language', () => {
    expect(resolveShop('localhost:3000', 'a=1; lang=es; b=2')).toMatchObject({ locale: 'es', languageSwitchable: true });
  });
  it('an unknown stored language or host falls back to the default shop', () => {
    expect(resolveShop('localhost', 'lang=xx').locale).toBe('default');
    expect(resolveShop('shop.example.org', undefined)).toEqual({ locale: 'default', mode: 'default', languageSwitchable: true });
    expect(resolveShop(undefined).locale).toBe('default');
  });
  it('reads cookies defensively', () => {
    expect(readCookie('lang=%E0%A4%A', 'lang')).toBeUndefined();
    expect(readCookie('xlang=de', 'lang')).toBeUndefined();
    expect(readCookie(' lang = at ', 'lang')).toBe('at');
  });
});
