// axe-core (WCAG 2.0–2.2 A/AA and best practices) on every screen of every locale, against the
// production build: prints the violations per screen and impact, and the totals. The e2e suite fails on
// serious or critical findings, on every screen (e2e/screens.spec.ts) and the states a seller reaches
// (e2e/a11y.spec.ts); this prints everything, minor and moderate too, for every screen. Run: `npm run build && npx tsx bench/axe-screens.ts`.

import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { LOCALES, type Locale } from '../src/config/locales';
import { screensOf } from '../src/config/routes';
import { AXE_TAGS } from '../e2e/support/axe';
import { pathOf } from '../e2e/support/shop';
import { startServer } from './lib.mjs';

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
const hostOf = (locale: Locale) => (locale === 'default' ? 'localhost' : `${locale}.localhost`);

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const rows: { locale: Locale; screen: string; counts: Record<(typeof IMPACTS)[number], number>; rules: string[] }[] = [];
try {
  const context = await browser.newContext({
    // Consent given, so the banner does not cover the page (the consent banner is checked on its own).
    storageState: {
      cookies: LOCALES.map((locale) => ({
        name: 'consent',
        value: '1.all',
        domain: hostOf(locale),
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      })),
      origins: [],
    },
  });
  const page = await context.newPage();
  for (const locale of LOCALES) {
    for (const screen of screensOf(locale)) {
      const path = pathOf(screen, locale);
      await page.goto(`http://${hostOf(locale)}:${server.port}${path}`, { waitUntil: 'networkidle' });
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
      for (const violation of results.violations) counts[(violation.impact ?? 'minor') as keyof typeof counts] += violation.nodes.length;
      rows.push({ locale, screen, counts, rules: results.violations.map((v) => `${v.id} (${v.impact})`) });
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const totals = { critical: 0, serious: 0, moderate: 0, minor: 0 };
for (const row of rows) for (const impact of IMPACTS) totals[impact] += row.counts[impact];
console.log(`axe (${AXE_TAGS.join(', ')}) on ${rows.length} screens × locales: violations by impact (affected elements)`);
console.log(['locale', 'screen', ...IMPACTS, 'rules'].join('\t'));
for (const row of rows) console.log([row.locale, row.screen, ...IMPACTS.map((i) => row.counts[i]), row.rules.join(' ')].join('\t'));
console.log(`total\t${rows.length} pages\t${IMPACTS.map((i) => `${i} ${totals[i]}`).join('\t')}`);
