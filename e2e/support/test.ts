// The end-to-end tests' `test`: Playwright's, plus a guard that fails a test when any page it opened
// reported a Content-Security-Policy violation (the production build runs with the CSP on; issue:
// "no page breaks"). Import `test` and `expect` from here, not from @playwright/test.

import { expect, test as base } from '@playwright/test';

declare global {
  interface Window {
    __cspViolation?: (violation: string) => void;
  }
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeFunction('__cspViolation', (violation: string) => void violations.push(violation));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          window.__cspViolation?.(`${event.effectiveDirective} blocked ${event.blockedURI} on ${location.pathname}`),
        );
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
