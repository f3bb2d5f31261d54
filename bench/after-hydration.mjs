// JavaScript a first anonymous visit fetches after the page's initial scripts: a fresh browser
// profile (nothing stored) opens the home, a sell category and a product detail page of de.localhost
// in Debian's Chromium and waits until the network is idle; every script response that is not one of
// the page's initial scripts (the entry and the chunks the loader adds) is counted with its transferred
// (brotli) size. Budget: ≤ 15 KB brotli per page (decision 020). Then the same product page with a
// first answer chosen, to show what the offer flow loads on interaction (reported, no budget).
// The same visits also give the whole first visit: every script the page fetched, initial and late,
// with its response headers as Chromium received them (issue 34: ≤ 125 KB).
// Run alone: `node bench/after-hydration.mjs`.

import { chromium } from '@playwright/test';
import { initialScripts } from './bundle-size.mjs';
import { MeasureError, isMain, kb, printTable, runStandalone, startServer, verdict, writeResult } from './lib.mjs';

export const AFTER_HYDRATION_BUDGET_KB = 15;
/** Every script of an anonymous first visit, bodies and response headers (issue 34). */
export const FIRST_VISIT_BUDGET_KB = 125;

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'sell category', path: '/verkaufen/smartphones' },
  { name: 'product detail', path: '/produkte/apple-iphone-13-128-gb' },
];

// The server listens on 127.0.0.1 only; the shop hosts must not resolve to ::1.
export const CHROMIUM_ARGS = [
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Scripts a page fetched beyond its initial ones, with their encoded (transferred) sizes. */
async function lateScripts(browser, url, interact) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  const pending = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(request.sizes().then((sizes) => scripts.set(new URL(request.url()).pathname, sizes)));
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  if (!response?.ok()) throw new MeasureError(`${url} answered ${response?.status()}`);
  const { entries, preloads } = initialScripts(await response.text());
  const initial = new Set([...entries, ...preloads].map((src) => new URL(src, url).pathname));
  if (interact) await interact(page);
  // Code loaded after the first render starts with a short delay: give it time to arrive.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const late = [...scripts].filter(([path]) => !initial.has(path));
  const all = [...scripts.values()];
  return {
    files: late.map(([path]) => path),
    bytes: late.reduce((sum, [, sizes]) => sum + sizes.responseBodySize, 0),
    visit: {
      files: all.length,
      bodyBytes: all.reduce((sum, sizes) => sum + sizes.responseBodySize, 0),
      headerBytes: all.reduce((sum, sizes) => sum + sizes.responseHeadersSize, 0),
    },
  };
}

export async function measureAfterHydration() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const origin = `http://de.localhost:${server.port}`;
    const pages = [];
    for (const { name, path } of PAGES) pages.push({ name, path, ...(await lateScripts(browser, origin + path, null)) });
    const answered = await lateScripts(browser, origin + PAGES[2].path, async (page) => {
      await page.locator('fieldset.question input[type=radio]').first().check();
      await page.locator('.offer-flow:not([data-loading])').waitFor();
    });
    return { pages, firstAnswer: { name: 'product detail, first answer chosen', path: PAGES[2].path, ...answered } };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function afterHydrationRows(result) {
  return [
    ...result.pages.map((page) => [
      page.name,
      String(page.files.length),
      kb(page.bytes),
      verdict(page.bytes <= AFTER_HYDRATION_BUDGET_KB * 1024),
    ]),
    [result.firstAnswer.name, String(result.firstAnswer.files.length), kb(result.firstAnswer.bytes), 'on interaction (no budget)'],
  ];
}

/** A page's whole first visit (every script with its headers) within FIRST_VISIT_BUDGET_KB. */
export const firstVisitWithinBudget = (page) => page.visit.bodyBytes + page.visit.headerBytes <= FIRST_VISIT_BUDGET_KB * 1024;

export function firstVisitRows(result) {
  return result.pages.map((page) => [
    page.name,
    String(page.visit.files),
    kb(page.visit.bodyBytes),
    kb(page.visit.headerBytes),
    kb(page.visit.bodyBytes + page.visit.headerBytes),
    verdict(firstVisitWithinBudget(page)),
  ]);
}

export function printAfterHydration(result) {
  printTable(
    `JS fetched after the initial scripts, first anonymous visit on de.localhost (budget ≤ ${AFTER_HYDRATION_BUDGET_KB} KB brotli)`,
    ['page', 'files', 'brotli', 'verdict'],
    afterHydrationRows(result),
  );
  printTable(
    `Every script of a first anonymous visit, with response headers (budget ≤ ${FIRST_VISIT_BUDGET_KB} KB)`,
    ['page', 'files', 'bodies', 'headers', 'total', 'verdict'],
    firstVisitRows(result),
  );
}

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const result = await measureAfterHydration();
    printAfterHydration(result);
    for (const page of [...result.pages, result.firstAnswer])
      if (page.files.length > 0) console.log(`  ${page.name}: ${page.files.join(', ')}`);
    writeResult('after-hydration', result);
  });
}
