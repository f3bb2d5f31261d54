// The axe totals per screen of an end-to-end run: every axe check records its counts on its test
// (e2e/support/axe.ts); this sums them by state from Playwright's JSON report.
//   npx playwright test --project=e2e --reporter=json e2e/screens.spec.ts e2e/a11y.spec.ts > report.json
//   node scripts/axe-totals.mjs report.json

import { readFileSync } from 'node:fs';

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'];
const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/axe-totals.mjs <playwright-json-report>');
  process.exit(2);
}

const runs = [];
const walk = (suite) => {
  for (const child of suite.suites ?? []) walk(child);
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests)
      for (const a of t.results.at(-1)?.annotations ?? []) if (a.type === 'axe') runs.push(JSON.parse(a.description));
};
for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite);

// A label is "<locale> <state>" where a locale leads it: the locales of one state are summed.
const LOCALE = /^(default|de|at|es|fr|it) /;
const states = new Map();
for (const run of runs) {
  const state = run.label.replace(LOCALE, '');
  const row = states.get(state) ?? { pages: 0, ...Object.fromEntries(IMPACTS.map((i) => [i, 0])) };
  row.pages++;
  for (const impact of IMPACTS) row[impact] += run[impact];
  states.set(state, row);
}
const rows = [...states].map(([state, row]) => [state, row.pages, ...IMPACTS.map((i) => row[i])]);
const total = ['total', runs.length, ...IMPACTS.map((i) => runs.reduce((sum, r) => sum + r[i], 0))];
const header = ['state', 'pages', ...IMPACTS];
const widths = header.map((_, c) => Math.max(...[header, ...rows, total].map((r) => String(r[c]).length)));
const line = (r) => r.map((v, c) => (c === 0 ? String(v).padEnd(widths[c]) : String(v).padStart(widths[c]))).join('  ');
console.log(`axe (WCAG 2.2 AA and best practices): violating elements per state, ${runs.length} checks`);
for (const r of [header, ...rows, total]) console.log(line(r));
