// Test data and helpers shared by the end-to-end specs: hosts, sample route parameters, expected
// headings (the English source text translated through the locale's own catalog).

import { type Page, expect } from '@playwright/test';
import { readAllPo } from '../../scripts/po.mjs';
import { COUNTRIES } from '../../src/config/countries';
import type { Catalogue } from '../../server/catalogue/model';
import { loadSeedCatalogue } from '../../server/catalogue/seed';
import { sampleParams as sharedSampleParams, SHOP_HOSTS } from '../../server/test-support/sample-params';
import { LANGUAGE_TAG, type Locale } from '../../src/config/locales';
import { buildPath, type PathParams, type ScreenId } from '../../src/config/routes';

export const PORT = Number(process.env.E2E_PORT ?? 3210);

export const HOSTS = SHOP_HOSTS;

export const origin = (host: string) => `http://${host}:${PORT}`;
export const shopUrl = (locale: Locale, path: string) => `${origin(HOSTS[locale])}${path}`;

/** A device of the seed catalogue used across the specs. */
export const SAMPLE_DEVICE = { name: 'Apple iPhone 13 128 GB', url: 'apple-iphone-13-128-gb' };

export const sampleParams = (locale: Locale): PathParams => sharedSampleParams(locale, SAMPLE_DEVICE.url);

export function pathOf(screen: ScreenId, locale: Locale): string {
  return buildPath(screen, locale, sampleParams(locale));
}

/** English headings as the source catalog states them; the content sample is the terms page. */
export const ENGLISH_HEADINGS: Record<ScreenId, string> = {
  home: 'Sell your used electronics',
  contact: 'Contact',
  checkout: 'Checkout',
  thankYou: 'Thank you for your trade',
  productDetail: 'Sell your device',
  productOverview: 'All models',
  sellCategory: 'Sell by category',
  searchResults: 'Search results',
  content: 'Terms and conditions',
  b2bLanding: 'Trade-in for businesses',
  accountOverview: 'My account',
  accountRegister: 'Create an account',
  accountManagement: 'Account management',
  accountAddressChange: 'Change address',
  accountPaymentChange: 'Change payment details',
  passwordReset: 'Reset your password',
  accountSignInLink: 'Sign in with a link',
  passwordForgot: 'Forgot your password?',
  clarification: 'Clarification of your trade',
  review: 'Rate your trade',
  tradeStatus: 'Your trade',
  clarificationLegacy: 'Clarification of your trade',
  quickAnswer: 'Your answer to our new offer',
  quickAnswerShort: 'Your answer to our new offer',
  quickAnswerLegacy: 'Your answer to our new offer',
  newsletterEnrich: 'Complete your newsletter profile',
  newsletterEnrichHash: 'Complete your newsletter profile',
  newsletterUnsubscribe: 'Unsubscribe from the newsletter',
  newsletterUnsubscribeSuccess: 'You have been unsubscribed',
};

/**
 * The heading and document title a screen shows with the sample parameters: catalogue screens take
 * theirs from the catalogue (seed data, country title overrides), the others from the catalog.
 */
export function expectedPage(screen: ScreenId, locale: Locale): { heading: string; title: string } {
  const seed = seedCatalogue();
  const smartphones = seed.categories.find((c) => c.key === 'smartphones');
  if (screen === 'sellCategory' && smartphones) {
    const name = smartphones.texts[locale].name;
    return { heading: name, title: name };
  }
  if (screen === 'productOverview') {
    const title = COUNTRIES[locale].popTitleException.iphone;
    return { heading: title, title };
  }
  if (screen === 'productDetail') {
    return { heading: SAMPLE_DEVICE.name, title: translate(locale, 'Sell {name}').replace('{name}', SAMPLE_DEVICE.name) };
  }
  const heading = translate(locale, ENGLISH_HEADINGS[screen]);
  return { heading, title: heading };
}

let seedCache: Catalogue | undefined;
function seedCatalogue(): Catalogue {
  return (seedCache ??= loadSeedCatalogue());
}

const catalogs = new Map<string, Map<string, string>>();
function catalog(tag: string): Map<string, string> {
  let c = catalogs.get(tag);
  if (!c) catalogs.set(tag, (c = readAllPo(tag)));
  return c;
}

/** The text a locale shows for an English source message (Austrian falls back to German). */
export function translate(locale: Locale, english: string): string {
  const tag = LANGUAGE_TAG[locale];
  const own = catalog(tag).get(english);
  if (own) return own;
  if (tag === 'de-AT') return catalog('de').get(english) || english;
  if (tag === 'en') return english;
  throw new Error(`no ${tag} translation of ${JSON.stringify(english)}`);
}

/** Collects uncaught errors and console errors other than the expected 404 document load. */
export function watchErrors(page: Page): () => void {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return () => expect(errors, errors.join('\n')).toEqual([]);
}

/** Waits until React has hydrated the page (the router marks the document after hydration). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Call before the contact form opens: resolves once the server dated the form (its ticket came), to the
 * time it came. The server refuses a message sent within 3 s of that date, and under load the ticket can
 * come well after the page hydrated, so a test counts from here, never from hydration.
 */
export function formTicketed(page: Page): Promise<number> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact/ticket' && r.ok()).then(() => Date.now());
}

/** Waits until a person could have filled the form the server dated at `ticketed` (3 s, and a margin). */
export async function afterFillTime(page: Page, ticketed: Promise<number>): Promise<void> {
  const issued = await ticketed;
  await page.waitForTimeout(Math.max(0, 3500 - (Date.now() - issued)));
}
