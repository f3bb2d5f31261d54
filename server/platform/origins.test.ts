import { describe, expect, it } from 'vitest';
import { readConfig } from './config';
import { describeOrigin, localOrigin, parsePublicOrigins, publicOriginResolver, publicOriginSource } from './origins';

describe('public origins', () => {
  it('parses locale=origin pairs and drops trailing slashes', () => {
    expect(parsePublicOrigins('default=https://tradein.com, de=https://www.tradein.de/ fr=http://fr.shop.test:8080')).toEqual({
      default: 'https://tradein.com',
      de: 'https://www.tradein.de',
      fr: 'http://fr.shop.test:8080',
    });
  });

  it.each([
    ['xx=https://a.example', /locales: default, de/],
    ['https://a.example', /must look like/],
    ['de=ftp://a.example', /http:\/\/ or https:\/\//],
    ['de=https://a.example/shop', /origin only/],
    ['de=https://user:pw@a.example', /origin only/],
    ['de=not a url', /must look like|not a URL/],
    ['de=https://a.example,de=https://b.example', /listed twice/],
  ])('refuses %s', (value, message) => {
    expect(() => parsePublicOrigins(value)).toThrow(message);
  });

  it('falls back to the local development origins', () => {
    const origin = publicOriginResolver({ fr: 'https://www.tradein.fr' }, 3000);
    expect(origin('fr')).toBe('https://www.tradein.fr');
    expect(origin('de')).toBe('http://de.localhost:3000');
    expect(origin('default')).toBe('http://localhost:3000');
    expect(localOrigin('it', 8080)).toBe('http://it.localhost:8080');
  });

  it('says where an origin came from, as the ops CLI prints it', () => {
    const source = publicOriginSource({ de: 'https://www.tradein.de' }, 3000);
    expect(describeOrigin(source('de'), 3000)).toBe('https://www.tradein.de (PUBLIC_ORIGINS)');
    expect(describeOrigin(source('fr'), 3000)).toBe('http://fr.localhost:3000 (PUBLIC_ORIGINS has no "fr": the local origin on PORT 3000)');
    expect(describeOrigin(source('de', 'agan'), 3000)).toBe(
      'http://agan.localhost:3000 (PUBLIC_ORIGINS has no "agan": the local origin on PORT 3000)',
    );
    // The resolver every mail uses decides the same origin.
    expect(publicOriginResolver({ de: 'https://www.tradein.de' }, 3000)('de', 'agan')).toBe(source('de', 'agan').origin);
  });
});

describe('mail and label settings', () => {
  it('has embedded defaults', () => {
    const config = readConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_ORIGINS).toBeUndefined();
    expect(config.LABEL_SECRET).toBeUndefined();
    expect(config.DEV_MAILBOX).toBe(false);
  });

  it('reads SMTP_URL, PUBLIC_ORIGINS, LABEL_SECRET and DEV_MAILBOX', () => {
    const config = readConfig({
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
      PUBLIC_ORIGINS: 'de=https://www.tradein.de',
      LABEL_SECRET: 'x'.repeat(32),
      DEV_MAILBOX: '1',
    });
    expect(config).toMatchObject({
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
      PUBLIC_ORIGINS: { de: 'https://www.tradein.de' },
      DEV_MAILBOX: true,
    });
  });

  it('names the setting that is wrong', () => {
    expect(() => readConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL: SMTP_URL must be an smtp:\/\//);
    expect(() => readConfig({ PUBLIC_ORIGINS: 'de=https://www.tradein.de/x' })).toThrow(/PUBLIC_ORIGINS: .*origin only/);
    expect(() => readConfig({ LABEL_SECRET: 'short' })).toThrow(/LABEL_SECRET: LABEL_SECRET must be at least 32/);
    expect(() => readConfig({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX/);
  });
});
