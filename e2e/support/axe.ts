// axe-core on a page as the end-to-end tests use it (issue 15: WCAG 2.2 AA, no serious or critical
// violation on any screen). `npx tsx bench/axe-screens.ts` prints every finding of every screen,
// minor and moderate too.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's own best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The serious and critical violations on the page as it is now (or in the part `include` selects), one
 * readable line each: an empty list is the pass.
 *
 * Legacy mode runs axe in the page itself: the default mode opens a blank page in the context to merge
 * the frames' results, which costs a new renderer process (about 2 s of the 3 s a check took under
 * load) and buys nothing here, where no checked page has a cross-origin frame. Only violations are
 * collected (axe skips building the passes and incompletes nobody reads).
 */
export async function severeViolations(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
