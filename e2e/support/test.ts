// The end-to-end tests' `test`: Playwright's, plus a guard that fails a test when any page it opened
// reported a Content-Security-Policy violation (the production build runs with the CSP on; issue:
// "no page breaks"). Import `test` and `expect` from here, not from @playwright/test.

import { expect, test as base, type BrowserContext } from '@playwright/test';

declare global {
  interface Window {
    __cspViolation?: (violation: string) => void;
  }
}

/** Reports every CSP violation of the context's pages to `report`. */
async function watchCsp(context: BrowserContext, report: (violation: string) => void): Promise<void> {
  await context.exposeFunction('__cspViolation', report);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolation?.(`${event.effectiveDirective} blocked ${event.blockedURI} on ${location.pathname}`),
    );
  });
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await watchCsp(context, (violation) => void violations.push(violation));
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

interface Visitor {
  readonly context: BrowserContext;
  /** The violations since the current test began. */
  readonly violations: string[];
}

/**
 * `test` for specs that only look at pages (no sign-in, no cart, nothing stored that a later test
 * could trip over): each test's `page` is a new tab of one context per worker, the project's options
 * and consent included. With the scripts already in that context's cache a page is ready in about a
 * third of a first visit's time. The CSP guard covers it like every other page.
 */
export const lookingTest = test.extend<object, { visitor: Visitor }>({
  visitor: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, storageState } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, storageState });
      const violations: string[] = [];
      await watchCsp(context, (violation) => void violations.push(violation));
      await use({ context, violations });
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ visitor }, use) => {
    visitor.violations.length = 0;
    const page = await visitor.context.newPage();
    await use(page);
    await page.close();
    expect(visitor.violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
