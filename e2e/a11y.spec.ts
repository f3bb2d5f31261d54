// axe-core finds no serious or critical violation on home and contact in every locale.

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import { LOCALES } from '../src/config/locales';
import { hydrated, pathOf, shopUrl } from './support/shop';

for (const locale of LOCALES) {
  for (const screen of ['home', 'contact'] as const) {
    test(`${locale} ${screen}`, async ({ page }) => {
      await page.goto(shopUrl(locale, pathOf(screen, locale)));
      await hydrated(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    });
  }
}
