// Size of the server-rendered HTML of each locale's home page as sent on the wire: the response body
// bytes (HTTP headers not counted) for `Accept-Encoding: br`, `gzip` and `identity` (raw).
// Budget: compressed document ≤ 14 KB (checked for br and gzip). Run alone: `node bench/html-size.mjs`.

import { Buffer } from 'node:buffer';
import {
  BUDGETS,
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

const ENCODINGS = ['br', 'gzip', 'identity'];

export async function measureHtmlSize({ port, hosts = LOCALE_HOSTS }) {
  const budgetBytes = BUDGETS.htmlCompressedKB * 1024;
  const locales = {};
  for (const host of hosts) {
    const entry = {};
    for (const asked of ENCODINGS) {
      const res = await request({ port, host, path: '/', headers: { 'Accept-Encoding': asked } });
      if (res.status !== 200) throw new MeasureError(`GET / (Host ${host}, Accept-Encoding ${asked}) answered ${res.status}`);
      const sent = res.encoding;
      entry[asked] = {
        contentEncoding: sent,
        wireBytes: res.wire.length,
        decodedBytes: Buffer.byteLength(res.text()),
        ...(asked === 'identity' ? {} : { withinBudget: res.wire.length <= budgetBytes }),
      };
    }
    locales[host] = entry;
  }
  return { budget: { compressedKB: BUDGETS.htmlCompressedKB }, locales };
}

/** Rows [metric, value, budget, verdict] for one host's table. */
export function htmlRows(result, host) {
  const l = result.locales[host];
  const label = (asked) => (l[asked].contentEncoding === asked ? '' : ` (sent ${l[asked].contentEncoding})`);
  return [
    [`HTML, brotli on the wire${label('br')}`, kb(l.br.wireBytes), `≤ ${result.budget.compressedKB} KB`, verdict(l.br.withinBudget)],
    [`HTML, gzip on the wire${label('gzip')}`, kb(l.gzip.wireBytes), `≤ ${result.budget.compressedKB} KB`, verdict(l.gzip.withinBudget)],
    ['HTML, raw', kb(l.identity.wireBytes), '', ''],
  ];
}

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const server = await startServer();
    try {
      const result = await measureHtmlSize({ port: server.port });
      for (const host of LOCALE_HOSTS) printTable(`Home page of ${host}`, ['metric', 'value', 'budget', 'verdict'], htmlRows(result, host));
      const file = writeResult('html-size.json', { generatedAt: new Date().toISOString(), build: buildInfo(), html: result });
      console.log(`\nwritten ${file}`);
    } finally {
      await server.stop();
    }
  });
}
