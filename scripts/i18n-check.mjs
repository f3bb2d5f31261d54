// Checks the browser's catalogs, the server's (mails, label) and the back office's (German only). Fails when a catalog misses a
// translation (de-AT may fall back to de) or when a translation drops or invents a placeholder
// ({name}, <0>…</0>, #) of its source message, or when a message is in two browser catalogs with two
// translations (the server renders with both loaded, a page without the second hydrates with the first:
// React then throws away the server's HTML).
import { CATALOGS, readPo, SERVER_CATALOG, STAFF_CATALOG } from './po.mjs';

const FALLBACK = { 'de-AT': 'de' };
const LOCALES = ['de', 'de-AT', 'es', 'fr', 'it'];
/** The back office is in English and German only (decision 072). */
const LOCALES_OF = { [STAFF_CATALOG]: ['de'] };

const placeholders = (message) =>
  [...message.matchAll(/\{(\w+)[,}]|<\/?(\d+)\/?>/g)]
    .map((m) => m[0].replace(/,$/, '}'))
    .sort()
    .join(' ');

let problems = 0;
const rows = [];
for (const catalogName of [...CATALOGS, SERVER_CATALOG, STAFF_CATALOG]) {
  const source = readPo('en', catalogName);
  const sourceText = (id) => source.get(id) || id;
  for (const locale of LOCALES_OF[catalogName] ?? LOCALES) {
    const catalog = readPo(locale, catalogName);
    const fallback = FALLBACK[locale] ? readPo(FALLBACK[locale], catalogName) : undefined;
    let missing = 0;
    for (const id of source.keys()) {
      const own = catalog.get(id);
      const translation = own || fallback?.get(id);
      if (!translation) {
        missing++;
        console.error(`missing ${locale}: ${JSON.stringify(id)}`);
        continue;
      }
      if (own && placeholders(own) !== placeholders(sourceText(id))) {
        problems++;
        console.error(`placeholders differ in ${locale}: ${JSON.stringify(id)} → ${JSON.stringify(own)}`);
      }
    }
    for (const id of catalog.keys()) if (!source.has(id)) console.warn(`obsolete ${locale}: ${JSON.stringify(id)}`);
    problems += missing;
    rows.push(`${catalogName.padEnd(8)} ${locale.padEnd(6)} ${String(source.size).padStart(5)} messages, ${missing} missing`);
  }
}
for (const locale of LOCALES) {
  const [first, ...others] = CATALOGS.map((name) => ({ name, catalog: readPo(locale, name) }));
  for (const other of others) {
    for (const [id, text] of other.catalog) {
      const elsewhere = first.catalog.get(id);
      if (elsewhere && text && elsewhere !== text) {
        problems++;
        console.error(
          `differs ${locale}: ${JSON.stringify(id)} is ${JSON.stringify(elsewhere)} in ${first.name}, ${JSON.stringify(text)} in ${other.name}`,
        );
      }
    }
  }
}
console.log(rows.join('\n'));
if (problems > 0) {
  console.error(`i18n check failed: ${problems} problem(s)`);
  process.exit(1);
}
console.log('i18n check passed: every locale translates every message');
