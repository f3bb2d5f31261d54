// axe-core on a page as the end-to-end tests use it (issue 15: WCAG 2.2 AA, no serious or critical
// violation on any screen). Every run also records its totals on the test as an "axe" annotation
// (`node scripts/axe-totals.mjs` sums them from a JSON report), so the count per screen can be
// reported, not only the verdict.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test } from './test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's own best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;

/**
 * The serious and critical violations on the page as it is now (or in the part `include` selects), one
 * readable line each: an empty list is the pass. `label` names the state in the recorded totals (by
 * default the page's path).
 */
export async function severeViolations(page: Page, { label, include }: { label?: string; include?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder.include(include);
  const { violations, passes } = await builder.analyze();
  const nodes = (impact: string) => violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
  test.info().annotations.push({
    type: 'axe',
    description: JSON.stringify({
      label: label ?? new URL(page.url()).pathname,
      ...Object.fromEntries(IMPACTS.map((i) => [i, nodes(i)])),
      rulesPassed: passes.length,
    }),
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
