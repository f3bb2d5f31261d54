// Reads the Lingui po catalogs (msgid → msgstr), for the i18n check and the end-to-end tests.
import { readFileSync } from 'node:fs';

/** The browser's catalogs (lingui.config.ts): the shop's, the account screens', the consent banner's, the offer flow's and the checkout's. */
export const CATALOGS = ['locales', 'account', 'consent', 'offer', 'checkout'];

/** The server's catalog (mails, shipping label; server/i18n/catalog.ts), kept by hand with explicit ids. */
export const SERVER_CATALOG = 'server';

/** The back office's catalog (lingui.staff.config.ts): English source, German translation. */
export const STAFF_CATALOG = 'staff';

const CATALOG_DIRS = {
  [STAFF_CATALOG]: '../src/staff/i18n/',
  locales: '../src/i18n/locales/',
  account: '../src/i18n/account/',
  consent: '../src/i18n/consent/',
  offer: '../src/i18n/offer/',
  checkout: '../src/i18n/checkout/',
  [SERVER_CATALOG]: '../server/i18n/locales/',
};

/** Minimal po reader: msgid → msgstr (single messages, multi-line strings) of one catalog. */
export function readPo(locale, catalog = 'locales') {
  const text = readFileSync(new URL(`${CATALOG_DIRS[catalog]}${locale}.po`, import.meta.url), 'utf8');
  const entries = new Map();
  const unquote = (line) => JSON.parse(line.slice(line.indexOf('"')));
  let id = null;
  let field = null;
  let current = { msgid: '', msgstr: '' };
  const flush = () => {
    if (id !== null && current.msgid !== '') entries.set(current.msgid, current.msgstr);
    current = { msgid: '', msgstr: '' };
    id = null;
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      id = true;
      field = 'msgid';
      current.msgid = unquote(line);
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      current.msgstr = unquote(line);
    } else if (line.startsWith('"') && field) {
      current[field] += unquote(line);
    } else if (line.trim() === '') {
      field = null;
    }
  }
  flush();
  return entries;
}

/** Every catalog of a locale in one map (what a page with account texts shows). */
export function readAllPo(locale) {
  return new Map(CATALOGS.flatMap((catalog) => [...readPo(locale, catalog)]));
}
