import { generateSyntheticDevices } from './server/catalogue/synthetic';
import { SearchIndex } from './server/search/engine';
import { DEVICE_MAPPING } from './server/search/mappings';
const docs = generateSyntheticDevices(20000).map((d) => ({ id: String(d.id), source: d }));
let t = performance.now();
const index = SearchIndex.build('default_devices', DEVICE_MAPPING, docs);
console.log('build', performance.now() - t);
for (const q of ['iphnoe 13', 'galxy s21', 'macbok pro', 'playstaton 5', 'pixle 7', 'ipda air', 'nintedo switch', 'canon eso 5d']) {
  const body = { query: { multi_match: { query: q, fields: ['model^2', 'searchTerms^2', 'name'], fuzziness: 'AUTO' } }, size: 10 };
  t = performance.now();
  const r = index.search(body);
  const ms = performance.now() - t;
  t = performance.now(); for (let i = 0; i < 50; i++) index.search(body); const avg = (performance.now() - t) / 50;
  console.log(q, ms.toFixed(2), avg.toFixed(2), r.hits.total, r.hits.hits.slice(0, 3).map((h) => `${(h._source as {name: string}).name} ${h._score?.toFixed(3)}`));
}
