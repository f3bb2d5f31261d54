// The server-rendered HTML of every screen of every shop, and the 404 page, is valid by html-validate's
// recommended rules (issue 31): 0 errors. The rules switched off below contradict how React writes
// HTML, which the HTML standard allows; each says why.

import { HtmlValidate, type ConfigData } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/config/locales';
import { buildPath, screensOf } from '../../src/config/routes';
import { render } from '../../src/entry-server';
import { renderingTestApp } from '../test-support/rendering-app';
import { sampleParams, SHOP_HOSTS } from '../test-support/sample-params';

const HTML_RULES: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes void elements self-closed (`<meta/>`); the standard allows both forms.
    'void-style': 'off',
    // React writes some attribute names in their DOM spelling (`autoComplete`, `charSet`); HTML
    // attribute names are case-insensitive.
    'attr-case': 'off',
    // React writes boolean attributes with an empty value (`novalidate=""`), which the standard allows.
    'attribute-boolean-style': 'off',
    // React's useId gives ids such as `_R_a36_`, and headings' anchors may begin with a digit: HTML5
    // allows any id without whitespace (the relaxed form of the rule).
    'valid-id': ['error', { relaxed: true }],
  },
};

let rendering: Awaited<ReturnType<typeof renderingTestApp>>;
const validator = new HtmlValidate(HTML_RULES);

beforeAll(async () => {
  rendering = await renderingTestApp(render);
}, 30_000);
afterAll(() => rendering.close());

/** html-validate's errors in the page at `path`, one line each; [] is valid. */
async function errorsOf(locale: Locale, path: string): Promise<string[]> {
  const response = await rendering.app.inject({ method: 'GET', url: path, headers: { host: SHOP_HOSTS[locale] } });
  if (response.statusCode >= 300 && response.statusCode < 400) return [];
  expect(String(response.headers['content-type']), `${locale} ${path}`).toContain('text/html');
  const report = await validator.validateString(response.body);
  return report.results.flatMap((result) => result.messages.map((m) => `${path} ${m.ruleId}: ${m.message} (${m.selector ?? ''})`));
}

describe('server-rendered HTML', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every screen and the 404 page have no html-validate error`, async () => {
      const paths = [
        ...screensOf(locale).map((screen) => buildPath(screen, locale, sampleParams(locale, 'apple-iphone-13-128-gb'))),
        '/no-such-page',
      ];
      const errors: string[] = [];
      for (const path of paths) errors.push(...(await errorsOf(locale, path)));
      expect(errors).toEqual([]);
      expect(paths.length).toBeGreaterThan(20);
    }, 60_000);
  }

  it('finds a form without a submit button (the rule is on)', async () => {
    const report = await validator.validateString(
      '<!doctype html><html lang="en"><head><title>x</title></head><body><form><input type="text" aria-label="x"></form></body></html>',
    );
    expect(report.results.flatMap((r) => r.messages.map((m) => m.ruleId))).toContain('wcag/h32');
  });
});
