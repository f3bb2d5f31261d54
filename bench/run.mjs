// `npm run bench`: runs every benchmark against the existing production build and prints the figures
// against the budgets (initial JS and HTML size per locale home page, server start to first 200,
// SSR latency). Writes them to bench/results/latest.json. Reports only: exits 1 solely when something
// cannot be measured (e.g. no build: "run npm run build first").

import { bundleRows, measureBundleSize, printBundleFiles } from './bundle-size.mjs';
import { htmlRows, measureHtmlSize } from './html-size.mjs';
import { BUDGETS, LOCALE_HOSTS, buildInfo, printTable, runStandalone, startServer, writeResult } from './lib.mjs';
import { measureSsrLatency, printSsrLatency } from './ssr-latency.mjs';
import { measureStartup, printStartup } from './startup.mjs';

await runStandalone(async () => {
  const started = performance.now();
  const server = await startServer();
  let bundle, html, ssr;
  try {
    bundle = await measureBundleSize({ port: server.port });
    html = await measureHtmlSize({ port: server.port });
    ssr = await measureSsrLatency({ port: server.port });
  } finally {
    await server.stop();
  }
  // Start-up runs last, with no other server of ours running.
  const startup = await measureStartup();

  console.log(`Production build benchmarks (node ${process.version}; KB = bytes/1024)`);
  for (const host of LOCALE_HOSTS) {
    printTable(`Home page of ${host}`, ['metric', 'value', 'budget', 'verdict'], [...bundleRows(bundle, host), ...htmlRows(html, host)]);
  }
  printBundleFiles(bundle);
  printStartup(startup);
  printSsrLatency(ssr);

  const verdicts = [
    ...LOCALE_HOSTS.flatMap((h) => [bundle.locales[h].withinBudget, html.locales[h].br.withinBudget, html.locales[h].gzip.withinBudget]),
    startup.healthz.withinBudget,
    startup.firstPage.withinBudget,
  ];
  const over = verdicts.filter((v) => !v).length;
  console.log(`\n${verdicts.length - over} of ${verdicts.length} budgeted figures within budget${over ? `, ${over} OVER budget` : ''}.`);

  const file = writeResult('latest.json', {
    generatedAt: new Date().toISOString(),
    node: process.version,
    build: buildInfo(),
    budgets: BUDGETS,
    bundle,
    html,
    startup,
    ssr,
    benchmarkMs: Math.round(performance.now() - started),
  });
  console.log(`written ${file}`);
});
