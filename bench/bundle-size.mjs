// Initial JavaScript of each locale's home page and of one product detail page
// (/produkte/apple-iphone-13-128-gb on de.localhost): the entry module plus every chunk the page
// loads with it (its `page-assets` list), summed as raw, gzip (level 9)
// and brotli (quality 11) bytes. Precompressed .br/.gz files in dist/client are used where present
// (scripts/precompress.mjs writes them with the same settings); otherwise the file is compressed here.
// Budget: brotli total ≤ 110 KB for every page. Run alone: `node bench/bundle-size.mjs`.

import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  BUDGETS,
  CLIENT_DIR,
  LOCALE_HOSTS,
  MeasureError,
  buildInfo,
  isMain,
  kb,
  printTable,
  request,
  runStandalone,
  startServer,
  verdict,
  writeResult,
} from './lib.mjs';

const ORIGIN = 'http://page.invalid';
/** The product detail page measured besides the home pages. */
export const PRODUCT_DETAIL = { host: 'de.localhost', path: '/produkte/apple-iphone-13-128-gb' };
/** A category page, also within the budget. */
export const CATEGORY_PAGE = { host: 'de.localhost', path: '/verkaufen/smartphones' };

/**
 * The entry module and the chunks it is loaded with, as the page lists them for its loader: the
 * production page adds them after its first paint from the `page-assets` JSON (decision 062).
 */
export function initialScripts(html) {
  const json = /<script id="page-assets" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new MeasureError('the page lists no assets (no page-assets script)');
  const assets = JSON.parse(json);
  return { entries: [assets.entry], preloads: assets.preloads };
}

const sizeCache = new Map();

/** raw/gzip/brotli bytes of one URL path, read from dist/client or, if not there, fetched from the server. */
async function sizesOf(urlPath, { port, host }) {
  const url = new URL(urlPath, `${ORIGIN}/`);
  if (url.origin !== ORIGIN) throw new MeasureError(`${urlPath} is not served by the shop; only loopback requests are made`);
  const key = url.pathname;
  if (sizeCache.has(key)) return sizeCache.get(key);

  const file = join(CLIENT_DIR, decodeURIComponent(url.pathname));
  let raw;
  let from = 'dist/client';
  if (!relative(CLIENT_DIR, file).startsWith(`..${sep}`) && existsSync(file)) {
    raw = readFileSync(file);
  } else {
    const res = await request({ port, host, path: url.pathname + url.search, headers: { 'Accept-Encoding': 'identity' } });
    if (res.status !== 200) throw new MeasureError(`GET ${urlPath} (Host ${host}) answered ${res.status}`);
    raw = res.wire;
    from = 'server';
  }
  const pre = (ext) => (from === 'dist/client' && existsSync(file + ext) ? readFileSync(file + ext).length : undefined);
  const brotliPre = pre('.br');
  const gzipPre = pre('.gz');
  const sizes = {
    url: key,
    from,
    raw: raw.length,
    gzip: gzipPre ?? gzipSync(raw, { level: 9 }).length,
    brotli: brotliPre ?? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    precompressed: brotliPre !== undefined,
  };
  sizeCache.set(key, sizes);
  return sizes;
}

/** Initial JS of one server-rendered page (GET `path`, Host `host`). */
async function measurePage({ port, host, path }) {
  const budgetBytes = BUDGETS.initialJsBrotliKB * 1024;
  const res = await request({ port, host, path, headers: { 'Accept-Encoding': 'identity' } });
  if (res.status !== 200) throw new MeasureError(`GET ${path} (Host ${host}) answered ${res.status}`);
  const { entries, preloads } = initialScripts(res.text());
  if (entries.length === 0) throw new MeasureError(`no <script type="module" src> in ${path} of ${host}`);
  const urls = [...new Set([...entries, ...preloads].map((u) => new URL(u, `${ORIGIN}/`).pathname))];
  const files = [];
  for (const url of urls)
    files.push({
      ...(await sizesOf(url, { port, host })),
      role: entries.some((e) => new URL(e, `${ORIGIN}/`).pathname === url) ? 'entry' : 'chunk',
    });
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) for (const k of Object.keys(total)) total[k] += f[k];
  return {
    host,
    path,
    entries,
    preloads,
    files,
    total,
    totalKB: { raw: +(total.raw / 1024).toFixed(1), gzip: +(total.gzip / 1024).toFixed(1), brotli: +(total.brotli / 1024).toFixed(1) },
    withinBudget: total.brotli <= budgetBytes,
    withinMargin: total.brotli <= BUDGETS.initialJsMarginKB * 1024,
  };
}

/** Measures every host's home page and the product detail page against a running server on `port`. */
export async function measureBundleSize({ port, hosts = LOCALE_HOSTS, productDetail = PRODUCT_DETAIL, categoryPage = CATEGORY_PAGE }) {
  const locales = {};
  for (const host of hosts) locales[host] = await measurePage({ port, host, path: '/' });
  const product = await measurePage({ port, ...productDetail });
  const category = await measurePage({ port, ...categoryPage });
  return {
    budget: { brotliKB: BUDGETS.initialJsBrotliKB, marginKB: BUDGETS.initialJsMarginKB },
    compression: { brotliQuality: 11, gzipLevel: 9 },
    locales,
    productDetail: product,
    category,
  };
}

function pageRows(result, page) {
  return [
    [
      `initial JS, brotli (${page.files.length} files)`,
      kb(page.total.brotli),
      `≤ ${result.budget.brotliKB} KB`,
      verdict(page.withinBudget),
    ],
    ['  with margin (issue 34)', '', `≤ ${result.budget.marginKB} KB`, verdict(page.withinMargin)],
    ['initial JS, gzip', kb(page.total.gzip), '', ''],
    ['initial JS, raw', kb(page.total.raw), '', ''],
  ];
}

/** Rows [metric, value, budget, verdict] for one host's home page table. */
export function bundleRows(result, host) {
  return pageRows(result, result.locales[host]);
}

/** Rows [metric, value, budget, verdict] for the product detail page table. */
export function productDetailRows(result) {
  return pageRows(result, result.productDetail);
}

export const productDetailTitle = (result) => `Product detail (${result.productDetail.host}) ${result.productDetail.path}`;

/** Rows [metric, value, budget, verdict] for the category page table. */
export function categoryRows(result) {
  return pageRows(result, result.category);
}

export const categoryTitle = (result) => `Category page (${result.category.host}) ${result.category.path}`;

/** The distinct files behind the totals, with the pages that load them. */
export function printBundleFiles(result) {
  const byUrl = new Map();
  const add = (page, label) => {
    for (const f of page.files) {
      const row = byUrl.get(f.url) ?? { ...f, homes: [], product: false };
      if (label) row.homes.push(label);
      else row.product = true;
      byUrl.set(f.url, row);
    }
  };
  for (const [host, l] of Object.entries(result.locales)) add(l, host);
  if (result.productDetail) add(result.productDetail);
  const all = Object.keys(result.locales).length;
  const loadedBy = (f) => {
    const homes = f.homes.length === all ? 'all home pages' : f.homes.length ? `home ${f.homes.join(' ')}` : '';
    return [homes, f.product ? 'product detail' : ''].filter(Boolean).join(' + ');
  };
  const rows = [...byUrl.values()]
    .sort((a, b) => b.brotli - a.brotli)
    .map((f) => [f.url, f.role, kb(f.raw), kb(f.gzip), kb(f.brotli), loadedBy(f)]);
  printTable('Initial JS files (brotli q11, gzip 9)', ['file', 'role', 'raw', 'gzip', 'brotli', 'loaded by'], rows);
}

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const server = await startServer();
    try {
      const result = await measureBundleSize({ port: server.port });
      for (const host of LOCALE_HOSTS)
        printTable(`Home page of ${host}`, ['metric', 'value', 'budget', 'verdict'], bundleRows(result, host));
      printTable(productDetailTitle(result), ['metric', 'value', 'budget', 'verdict'], productDetailRows(result));
      printTable(categoryTitle(result), ['metric', 'value', 'budget', 'verdict'], categoryRows(result));
      printBundleFiles(result);
      const file = writeResult('bundle-size.json', { generatedAt: new Date().toISOString(), build: buildInfo(), bundle: result });
      console.log(`\nwritten ${file}`);
    } finally {
      await server.stop();
    }
  });
}
