// Whether the help button lies over anything a seller reads or uses (decision 078): the controls and
// totals of the page and its footer whose boxes meet the button's box, checked at the top of the page,
// with each given target at the bottom of the window (where a floating button would sit) and at the end.

import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

const CONTENT =
  'main a, main button, main input, main select, main textarea, main summary, main [data-testid$="total"], main .field-error, footer a, footer button';

async function coveredNow(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const button = document.querySelector('[data-testid="help-button"]');
    if (!button) return ['no help button'];
    const help = button.getBoundingClientRect();
    return [...document.querySelectorAll(selector)]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        return box.left < help.right && box.right > help.left && box.top < help.bottom && box.bottom > help.top;
      })
      .map((element) => element.outerHTML.slice(0, 120));
  }, CONTENT);
}

export async function expectNothingUnderHelpButton(page: Page, targets: readonly Locator[]): Promise<void> {
  await expect(page.getByTestId('help-button')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await coveredNow(page), 'at the top').toEqual([]);
  for (const target of targets) {
    await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    expect(await coveredNow(page), `with ${await target.evaluate((e) => e.outerHTML.slice(0, 80))} at the bottom`).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await coveredNow(page), 'at the page end').toEqual([]);
}
