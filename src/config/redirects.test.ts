import { describe, it, expect } from 'vitest';
import { CATEGORY_SLUGS, categoryForSlug, type CategoryKey } from './categories';
import { CONTENT_PAGES, CONTENT_SLUGS, contentPageForSlug } from './content';
import { LOCALES, type Locale } from './locales';
import { FR_SELL_REDIRECTS, LEGACY_PREFIXES, findRedirect, normalizePath, redirectTable } from './redirects';
import { SCREENS, buildPath, pathTemplate, type ScreenId } from './routes';

// ----- helpers: is a path one of the locale's routes? ------------------------------------------------

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/produkte/uebersicht-{overview}` → /^\/produkte\/uebersicht-([^/]+)$/ */
function templateRegex(template: string): RegExp {
  return new RegExp(
    `^${template
      .split(/\{[a-zA-Z]+\}/)
      .map(escape)
      .join('([^/]+)')}$`,
  );
}

function routeScreensOf(locale: Locale): { screen: ScreenId; regex: RegExp }[] {
  return SCREENS.flatMap((screen) => {
    const template = pathTemplate(screen, locale);
    return template === undefined ? [] : [{ screen, regex: templateRegex(template) }];
  });
}

/** Why `path` is not a page of `locale`, or undefined when it is (content and category slugs must exist). */
function targetProblem(locale: Locale, path: string): string | undefined {
  const matches = routeScreensOf(locale).filter(({ regex }) => regex.test(path));
  if (matches.length === 0) return `${path} matches no route of ${locale}`;
  for (const { screen, regex } of matches) {
    const param = decodeURIComponent(regex.exec(path)?.[1] ?? '');
    if (screen === 'content' && contentPageForSlug(locale, param) === undefined) {
      return `${path}: unknown content slug in ${locale}`;
    }
    if (screen === 'sellCategory' && categoryForSlug(locale, param) === undefined) {
      return `${path}: unknown category slug in ${locale}`;
    }
  }
  return undefined;
}

const withoutQuery = (target: string): string => target.split('?')[0] as string;

// ----- the validator itself must be able to fail -----------------------------------------------------

describe('route-path check used below', () => {
  it('accepts real pages and rejects others', () => {
    expect(targetProblem('de', '/kontakt')).toBeUndefined();
    expect(targetProblem('de', '/content/agb')).toBeUndefined();
    expect(targetProblem('fr', '/catalogue/tablettes')).toBeUndefined();
    expect(targetProblem('de', '/b2b/ankaufsportal')).toBeUndefined();
    expect(targetProblem('de', '/newsletter/unsubscribe/ab12')).toBeUndefined();

    expect(targetProblem('fr', '/kontakt')).toBeDefined(); // German path in France
    expect(targetProblem('at', '/b2b/ankaufsportal')).toBeDefined(); // Austria has no business page
    expect(targetProblem('fr', '/catalogue/kameras')).toBeDefined(); // German slug in France
    expect(targetProblem('fr', '/catalogue')).toBeDefined();
    expect(targetProblem('es', '/content/agb')).toBeDefined(); // German content slug in Spain
    expect(targetProblem('de', '/agb')).toBeDefined();
    expect(targetProblem('de', '/verkaufen/smartphones/extra')).toBeDefined();
  });
});

// ----- Germany ---------------------------------------------------------------------------------------

describe('Germany', () => {
  it('sends every old content URL (= its slug) to /content/{slug}', () => {
    for (const page of CONTENT_PAGES) {
      const slug = CONTENT_SLUGS.de[page];
      expect(findRedirect('de', `/${slug}`, '')).toBe(`/content/${slug}`);
    }
    expect(findRedirect('de', '/agb', '')).toBe('/content/agb');
    expect(findRedirect('de', '/ueber-uns', '')).toBe('/content/ueber-uns');
    expect(findRedirect('de', '/datenschutzerklaerung', '')).toBe('/content/datenschutz');
  });

  it('sends old FAQ/contact URLs to the contact page and old cart URLs home', () => {
    for (const old of ['/faq', '/hilfe', '/kontaktformular']) expect(findRedirect('de', old, '')).toBe('/kontakt');
    for (const old of ['/warenkorb', '/cart', '/checkout/cart']) expect(findRedirect('de', old, '')).toBe('/');
  });

  it('sends the old business landing page to the German one', () => {
    expect(findRedirect('de', '/b2b/landingpage', '')).toBe(buildPath('b2bLanding', 'de'));
  });

  it('strips the old /de prefix and looks the rest up again', () => {
    expect(findRedirect('de', '/de', '')).toBe('/');
    expect(findRedirect('de', '/de/', '')).toBe('/');
    expect(findRedirect('de', '/de/agb', '')).toBe('/content/agb');
    expect(findRedirect('de', '/DE/Hilfe/', '')).toBe('/kontakt');
    expect(findRedirect('de', '/de/de/agb', '')).toBe('/content/agb');
    expect(findRedirect('de', '/de/kontakt', '')).toBe('/kontakt');
    expect(findRedirect('de', '/de/produkte/iPhone-11/', '')).toBe('/produkte/iPhone-11');
    expect(findRedirect('de', '/de/newsletter/abmelden/ab12', '')).toBe('/newsletter/unsubscribe/ab12');
    expect(findRedirect('de', '/deutsch/agb', '')).toBeUndefined(); // the prefix is a whole segment
    expect(findRedirect('de', '/es/agb', '')).toBeUndefined(); // another shop's prefix
  });

  it('never builds a protocol-relative (open) redirect from a stripped prefix', () => {
    expect(findRedirect('de', '/de//evil.example/x', '')).toBeUndefined();
    expect(findRedirect('de', '/de/\\evil.example', '')).toBeUndefined();
  });

  it('redirects old newsletter-unsubscribe URLs with a hex hash only', () => {
    expect(findRedirect('de', '/newsletter/abmelden/ab12', '')).toBe('/newsletter/unsubscribe/ab12');
    expect(findRedirect('de', '/newsletter/abmelden/0f9E3c/', '')).toBe('/newsletter/unsubscribe/0f9E3c');
    expect(findRedirect('de', '/Newsletter/Abmelden/ab12', '?utm_source=x')).toBe('/newsletter/unsubscribe/ab12?utm_source=x');
    expect(findRedirect('de', '/newsletter-abmelden', '?hash=ab12')).toBe('/newsletter/unsubscribe/ab12');
    expect(findRedirect('de', '/newsletter-abmelden', '?utm_source=x&hash=AB12')).toBe('/newsletter/unsubscribe/AB12?utm_source=x');

    expect(findRedirect('de', '/newsletter/abmelden/xyz', '')).toBeUndefined();
    expect(findRedirect('de', '/newsletter/abmelden/ab12-x', '')).toBeUndefined();
    expect(findRedirect('de', '/newsletter/abmelden/%2e%2e', '')).toBeUndefined();
    expect(findRedirect('de', '/newsletter/abmelden/ab12/extra', '')).toBeUndefined();
    expect(findRedirect('de', '/newsletter/abmelden/', '')).toBeUndefined();
    expect(findRedirect('de', '/newsletter-abmelden', '?hash=nothex')).toBeUndefined();
    expect(findRedirect('de', '/newsletter-abmelden', '')).toBeUndefined();
    // Germany only.
    expect(findRedirect('at', '/newsletter/abmelden/ab12', '')).toBeUndefined();
    expect(findRedirect('fr', '/newsletter/abmelden/ab12', '')).toBeUndefined();
  });

  it('keeps the query string', () => {
    expect(findRedirect('de', '/agb', '?utm_source=x')).toBe('/content/agb?utm_source=x');
    expect(findRedirect('de', '/de/agb', '?utm_source=x&a=1')).toBe('/content/agb?utm_source=x&a=1');
    expect(findRedirect('de', '/de', '?utm_source=x')).toBe('/?utm_source=x');
  });

  it('ignores case and a trailing slash', () => {
    expect(findRedirect('de', '/agb/', '')).toBe('/content/agb');
    expect(findRedirect('de', '/AGB', '')).toBe('/content/agb');
    expect(findRedirect('de', '/Ueber-Uns/', '')).toBe('/content/ueber-uns');
  });

  it('leaves live and unknown pages alone', () => {
    for (const path of ['/', '/kontakt', '/content/agb', '/verkaufen/smartphones', '/unknown', '']) {
      expect(findRedirect('de', path, '')).toBeUndefined();
    }
  });
});

// ----- Austria ---------------------------------------------------------------------------------------

describe('Austria', () => {
  it('shares the German old content, FAQ and cart URLs', () => {
    expect(findRedirect('at', '/agb', '')).toBe('/content/agb');
    expect(findRedirect('at', '/hilfe', '')).toBe('/kontakt');
    expect(findRedirect('at', '/warenkorb', '')).toBe('/');
  });

  it('has its own entries', () => {
    expect(findRedirect('at', '/b2b/ankaufsportal', '')).toBe('/'); // no business page in Austria
    expect(findRedirect('at', '/oesterreich/handy-verkaufen', '')).toBe('/verkaufen/smartphones');
    expect(findRedirect('at', '/oesterreich/agb', '')).toBe('/content/agb');
    expect(findRedirect('at', '/oesterreich', '')).toBe('/');
    expect(findRedirect('de', '/oesterreich/handy-verkaufen', '')).toBeUndefined();
    expect(findRedirect('de', '/b2b/ankaufsportal', '')).toBeUndefined(); // live in Germany
  });

  it('strips /at and /de-at, not /de', () => {
    expect(findRedirect('at', '/at', '')).toBe('/');
    expect(findRedirect('at', '/at/agb', '?x=1')).toBe('/content/agb?x=1');
    expect(findRedirect('at', '/de-at/hilfe/', '')).toBe('/kontakt');
    expect(findRedirect('at', '/de-at/produkte/uebersicht-apple', '')).toBe('/produkte/uebersicht-apple');
    expect(findRedirect('at', '/de/agb', '')).toBeUndefined();
  });
});

// ----- Spain -----------------------------------------------------------------------------------------

describe('Spain', () => {
  it('maps old content, FAQ and cart URLs', () => {
    expect(findRedirect('es', '/condiciones-generales', '')).toBe('/content/condiciones');
    expect(findRedirect('es', '/aviso-legal', '')).toBe('/content/aviso-legal');
    expect(findRedirect('es', '/politica-de-privacidad', '')).toBe('/content/privacidad');
    expect(findRedirect('es', '/preguntas-frecuentes', '')).toBe('/contacto');
    expect(findRedirect('es', '/carrito', '')).toBe('/');
  });

  it('has its own sell entries', () => {
    expect(findRedirect('es', '/vender-movil', '')).toBe(buildPath('sellCategory', 'es', { category: CATEGORY_SLUGS.es.smartphones }));
    expect(findRedirect('es', '/vender-movil', '')).toBe('/vender/moviles');
    expect(findRedirect('es', '/vender-consola/', '?utm_source=x')).toBe('/vender/consolas?utm_source=x');
    expect(findRedirect('de', '/vender-movil', '')).toBeUndefined();
    expect(findRedirect('es', '/vender/moviles', '')).toBeUndefined(); // live page
  });

  it('strips /es', () => {
    expect(findRedirect('es', '/es', '')).toBe('/');
    expect(findRedirect('es', '/es/aviso-legal', '')).toBe('/content/aviso-legal');
    expect(findRedirect('es', '/es/vender/moviles', '')).toBe('/vender/moviles');
  });
});

// ----- France ----------------------------------------------------------------------------------------

describe('France', () => {
  const table = redirectTable('fr');
  const sell = Object.entries(FR_SELL_REDIRECTS);

  it('has a long list of old sell/model URLs, all in the French table', () => {
    expect(sell.length).toBeGreaterThanOrEqual(60);
    for (const [source, target] of sell) expect(table.get(normalizePath(source))).toBe(target);
  });

  it('sends every old sell/model URL to a known /catalogue/{category} page or home', () => {
    for (const [source, target] of sell) {
      if (target === '/') continue;
      const match = /^\/catalogue\/([^/]+)$/.exec(target);
      expect(match, `${source} → ${target}`).not.toBeNull();
      expect(categoryForSlug('fr', match?.[1] ?? ''), `${source} → ${target}`).toBeDefined();
    }
  });

  it('covers the categories of product §2', () => {
    const reached = new Set(
      sell.flatMap(([, target]) => {
        const key = categoryForSlug('fr', target.replace(/^\/catalogue\//, ''));
        return key === undefined ? [] : [key];
      }),
    );
    const expected: CategoryKey[] = [
      'smartphones',
      'tablets',
      'notebooks',
      'macbooks',
      'cameras',
      'lenses',
      'camcorders',
      'gameConsoles',
      'monitors',
    ];
    for (const key of expected) expect(reached, key).toContain(key);
  });

  it('maps sample old URLs', () => {
    const cases: [string, CategoryKey][] = [
      ['/vendre-iphone', 'smartphones'],
      ['/vendre-mon-iphone-11', 'smartphones'],
      ['/vendre/samsung-galaxy-s21', 'smartphones'],
      ['/marques/apple', 'smartphones'],
      ['/rachat-ipad', 'tablets'],
      ['/vendre-ordinateur-portable', 'notebooks'],
      ['/vendre-macbook-pro', 'macbooks'],
      ['/vendre-appareil-photo-canon', 'cameras'],
      ['/vendre-objectif-nikon', 'lenses'],
      ['/vendre-camescope', 'camcorders'],
      ['/vendre-ps5', 'gameConsoles'],
      ['/vendre-nintendo-switch', 'gameConsoles'],
      ['/vendre-ecran', 'monitors'],
    ];
    for (const [old, category] of cases) {
      expect(findRedirect('fr', old, ''), old).toBe(buildPath('sellCategory', 'fr', { category: CATEGORY_SLUGS.fr[category] }));
    }
    expect(findRedirect('fr', '/vendre-ps5', '')).toBe('/catalogue/consoles-de-jeux');
  });

  it('sends some audio and smartwatch URLs home', () => {
    for (const old of ['/vendre-airpods', '/vendre-casque-audio', '/vendre-apple-watch', '/vendre-montre-connectee']) {
      expect(findRedirect('fr', old, ''), old).toBe('/');
    }
  });

  it('maps old content, FAQ and cart URLs and strips /fr', () => {
    expect(findRedirect('fr', '/conditions-generales', '')).toBe('/content/cgv');
    expect(findRedirect('fr', '/mentions-legales', '')).toBe('/content/mentions-legales');
    expect(findRedirect('fr', '/faq', '')).toBe('/contact');
    expect(findRedirect('fr', '/panier', '')).toBe('/');
    expect(findRedirect('fr', '/fr/Vendre-PS5/', '?utm_source=x')).toBe('/catalogue/consoles-de-jeux?utm_source=x');
    expect(findRedirect('fr', '/fr', '')).toBe('/');
    expect(findRedirect('fr', '/contact', '')).toBeUndefined(); // live page
  });
});

// ----- Italy and the default shop -------------------------------------------------------------------

describe('Italy', () => {
  it('has no redirects at all', () => {
    expect(redirectTable('it').size).toBe(0);
    const everyOldUrl = LOCALES.flatMap((locale) => [...redirectTable(locale).keys()]);
    for (const path of [...everyOldUrl, '/it', '/it/condizioni', '/de/agb', '/newsletter/abmelden/ab12']) {
      expect(findRedirect('it', path, '?utm_source=x'), path).toBeUndefined();
    }
  });
});

describe('default shop', () => {
  it('maps a small list', () => {
    expect(findRedirect('default', '/terms', '')).toBe('/content/terms');
    expect(findRedirect('default', '/about', '')).toBe('/content/about-us');
    expect(findRedirect('default', '/faq', '?utm_source=x')).toBe('/contact?utm_source=x');
    expect(findRedirect('default', '/cart/', '')).toBe('/');
    expect(findRedirect('default', '/de/agb', '')).toBeUndefined();
    expect(findRedirect('default', '/contact', '')).toBeUndefined();
  });
});

// ----- integrity of every table ----------------------------------------------------------------------

describe.each(LOCALES)('the %s table', (locale) => {
  const table = redirectTable(locale);
  const entries = [...table.entries()];

  it('stores sources normalized (lower case, no trailing slash)', () => {
    for (const [source] of entries) {
      expect(source).toBe(normalizePath(source));
      expect(source).toMatch(/^\/[^/]/);
    }
  });

  it('targets only paths that exist in the locale route map', () => {
    const problems = entries.flatMap(([, target]) => {
      const problem = targetProblem(locale, withoutQuery(target));
      return problem === undefined ? [] : [problem];
    });
    expect(problems).toEqual([]);
  });

  it('never targets its own source', () => {
    for (const [source, target] of entries) expect(normalizePath(target), source).not.toBe(source);
  });

  it('has no chains (a target is never a source)', () => {
    for (const [source, target] of entries) expect(table.has(normalizePath(target)), `${source} → ${target}`).toBe(false);
  });

  it('never shadows a live page of the locale', () => {
    const routes = routeScreensOf(locale);
    for (const [source] of entries) {
      expect(
        routes.filter(({ regex }) => regex.test(source)).map(({ screen }) => screen),
        source,
      ).toEqual([]);
    }
  });

  it('maps all ten content pages when it has redirects', () => {
    if (table.size === 0) return;
    const pages = new Set(
      entries.flatMap(([, target]) => {
        const match = /^\/content\/([^/]+)$/.exec(target);
        const page = match === null ? undefined : contentPageForSlug(locale, match[1] as string);
        return page === undefined ? [] : [page];
      }),
    );
    expect([...pages].sort()).toEqual([...CONTENT_PAGES].sort());
  });

  it('is what findRedirect answers, with the query kept', () => {
    for (const [source, target] of entries) {
      expect(findRedirect(locale, source, ''), source).toBe(target);
      expect(findRedirect(locale, `${source.toUpperCase()}/`, '?utm_source=x'), source).toBe(`${target}?utm_source=x`);
    }
  });

  it('has legacy prefixes that no live page starts with', () => {
    const templates = SCREENS.flatMap((screen) => pathTemplate(screen, locale) ?? []);
    for (const prefix of LEGACY_PREFIXES[locale]) {
      for (const template of templates) {
        expect(template.toLowerCase() === `/${prefix}` || template.toLowerCase().startsWith(`/${prefix}/`), template).toBe(false);
      }
    }
  });
});

describe('legacy clarification links', () => {
  it('redirect the /browser/… forms to the clarification and quick-answer paths in every shop, keeping the token', () => {
    for (const locale of LOCALES) {
      expect(findRedirect(locale, '/browser/clarification/id/c-1/trade/TR-2026-000001', '?token=1.abc')).toBe(
        '/clarification/c-1/TR-2026-000001?token=1.abc',
      );
      expect(findRedirect(locale, '/browser/clarificationQuickAnswer/id/c-1/trade/TR-2026-000001/offerid/o-9', '?token=t')).toBe(
        '/clarificationQuickAnswer/c-1/TR-2026-000001/o-9?token=t',
      );
    }
    expect(findRedirect('de', '/clarification/c-1/TR-2026-000001', '')).toBeUndefined();
  });
});
