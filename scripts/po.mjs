// Reads the Lingui po catalogs (msgid → msgstr), for the i18n check and the end-to-end tests.
import { readFileSync } from 'node:fs';

const DIR = new URL('../src/i18n/locales/', import.meta.url);

/** Minimal po reader: msgid → msgstr (single messages, multi-line strings). */
export function readPo(locale) {
  const text = readFileSync(new URL(`${locale}.po`, DIR), 'utf8');
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

