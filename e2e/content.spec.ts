// Content pages, the conditions video and the home banner on the de, es and it shops (issue 13):
// every content page renders its own text (≥ 150 words) with status 200, also after a client-side
// navigation; the video has captions in the page's language and loads nothing before "play"; the
// banner is the configured one; axe finds nothing serious on the content and video pages.

import { severeViolations } from './support/axe';
import { expect, test } from './support/test';
import { CONTENT_PAGES, CONTENT_SLUGS } from '../src/config/content';
import { homeBannerOf } from '../src/config/home-banners';
import { LANGUAGE_TAG, type Locale } from '../src/config/locales';
import { hydrated, pathOf, shopUrl, translate, watchErrors } from './support/shop';

const SHOPS: readonly Locale[] = ['de', 'es', 'it'];

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

for (const locale of SHOPS) {
  test.describe(`${locale} shop`, () => {
    test('every content page shows its own text with status 200, a description and anchored headings', async ({ page }) => {
      const checkErrors = watchErrors(page);
      const seen = new Set<string>();
      for (const key of CONTENT_PAGES) {
        const response = await page.goto(shopUrl(locale, `/content/${CONTENT_SLUGS[locale][key]}`));
        expect(response?.status(), key).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAG[locale]);
        const text = await page.locator(`[data-content-page="${key}"]`).innerText();
        expect(words(text), `${locale} ${key}`).toBeGreaterThanOrEqual(150);
        expect(seen.has(text), `${key} repeats another page`).toBe(false);
        seen.add(text);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
        const heading = page.locator('.prose h2').first();
        const id = await heading.getAttribute('id');
        expect(id).toMatch(/^[a-z0-9-]+$/);
        await expect(heading.locator('a')).toHaveAttribute('href', `#${id}`);
      }
      checkErrors();
    });

    test('a content page reached by a client-side link shows its text too', async ({ page }) => {
      const checkErrors = watchErrors(page);
      await page.goto(shopUrl(locale, '/'));
      await hydrated(page);
      await page
        .locator('footer')
        .getByRole('link', { name: translate(locale, 'Privacy policy'), exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/content/${CONTENT_SLUGS[locale].privacy}$`));
      await expect(page.locator('[data-content-page="privacy"]')).toContainText('IndexedDB');
      expect(words(await page.locator('[data-content-page="privacy"]').innerText())).toBeGreaterThanOrEqual(150);
      checkErrors();
    });

    test('an unknown content slug is the shop’s 404 page', async ({ page }) => {
      const response = await page.goto(shopUrl(locale, '/content/no-such-page'));
      expect(response?.status()).toBe(404);
      await expect(page.locator('main')).toContainText('/content/no-such-page');
    });

    test('the home page shows the configured banner and the conditions video with captions in its language', async ({ page }) => {
      const checkErrors = watchErrors(page);
      const videoRequests: string[] = [];
      page.on('request', (r) => {
        if (/\/video\/conditions\.(webm|mp4)/.test(r.url())) videoRequests.push(r.url());
      });
      await page.goto(shopUrl(locale, '/'));
      await hydrated(page);

      const banner = homeBannerOf({ locale, mode: 'default' }, new Date())!;
      const shown = page.locator('.home-banner');
      await expect(shown).toHaveAttribute('data-banner', banner.id);
      await expect(shown).toContainText(banner.text);
      await expect(shown.getByRole('link', { name: banner.link.label })).toHaveAttribute('href', banner.link.href);

      const video = page.locator('[data-testid="conditions-video"] video');
      await expect(video).toHaveAttribute('preload', 'none');
      expect(await video.getAttribute('autoplay')).toBeNull();
      await expect(video).toHaveAttribute('poster', /\.webp$/);
      const track = video.locator('track[kind="captions"]');
      await expect(track).toHaveAttribute('srclang', LANGUAGE_TAG[locale]);
      // Fetched by the page (the test's own HTTP client cannot resolve the *.localhost hosts).
      const captions = await page.evaluate(
        async (src) => {
          const response = await fetch(src);
          return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
        },
        (await track.getAttribute('src'))!,
      );
      expect(captions.status).toBe(200);
      expect(captions.type).toMatch(/^text\/vtt/);
      const vtt = captions.text;
      expect(vtt.startsWith('WEBVTT')).toBe(true);
      const intro = translate(locale, 'Four grades describe the condition of your device. Your answers to the questions decide the grade.');
      expect(vtt).toContain(intro);
      // The text version beside the video says the same.
      await expect(page.locator('.conditions-text')).toContainText(intro);
      expect(videoRequests, 'no video bytes before play').toEqual([]);

      expect(await severeViolations(page)).toEqual([]);
      checkErrors();
    });

    test('the device page shows the conditions video near the questions', async ({ page }) => {
      await page.goto(shopUrl(locale, pathOf('productDetail', locale)));
      await hydrated(page);
      const track = page.locator('[data-testid="conditions-video"] video track[kind="captions"]');
      await expect(track).toHaveAttribute('srclang', LANGUAGE_TAG[locale]);
      expect(await severeViolations(page)).toEqual([]);
    });

    test('axe finds nothing serious on the content pages', async ({ page }) => {
      for (const key of ['privacy', 'dataErasure', 'imprint'] as const) {
        await page.goto(shopUrl(locale, `/content/${CONTENT_SLUGS[locale][key]}`));
        await hydrated(page);
        expect(await severeViolations(page), `${locale} content ${key}`).toEqual([]);
      }
    });
  });
}

test('the registration form links its privacy checkbox to the privacy policy', async ({ page }) => {
  await page.goto(shopUrl('es', pathOf('accountRegister', 'es')));
  await hydrated(page);
  const label = page.locator('label', { has: page.locator('input[name="privacyAccepted"]') });
  await expect(label.getByRole('link')).toHaveAttribute('href', `/content/${CONTENT_SLUGS.es.privacy}`);
});
