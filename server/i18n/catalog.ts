// The server's texts (mails, shipping label) in the shop's language: Lingui with the server catalog
// server/i18n/locales/<language tag>.po, checked by `npm run i18n:check` like the shop's catalogs.
// Messages have explicit ids (`mail.confirmation.subject`); the English catalog holds the source
// texts. A catalog is read once per process, when its language is first needed. Austria falls back to
// German message by message, as in the shop.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { LANGUAGE_TAG, type Locale } from '../../src/config/locales';
import { PROJECT_ROOT } from '../platform/paths';

const SERVER_CATALOG_DIR = join(PROJECT_ROOT, 'server', 'i18n', 'locales');

const FALLBACK: Readonly<Record<string, string>> = { 'de-AT': 'de' };

function readCatalog(tag: string): Record<string, string> {
  const po = PO.parse(readFileSync(join(SERVER_CATALOG_DIR, `${tag}.po`), 'utf8'));
  const messages: Record<string, string> = {};
  for (const item of po.items) if (item.msgstr[0]) messages[item.msgid] = item.msgstr[0];
  return messages;
}

const instances = new Map<Locale, I18n>();

/** The i18n instance of a shop's language; an id missing from the catalog is an error, not a silent id. */
export function serverI18n(locale: Locale): I18n {
  const cached = instances.get(locale);
  if (cached) return cached;
  const tag = LANGUAGE_TAG[locale];
  const fallback = FALLBACK[tag];
  const texts = { ...(fallback ? readCatalog(fallback) : {}), ...readCatalog(tag) };
  const messages: Messages = Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({
    locale: tag,
    messages: { [tag]: messages },
    missing: (_locale, id) => {
      throw new Error(`The server catalog ${tag} has no message ${id}.`);
    },
  });
  instances.set(locale, i18n);
  return i18n;
}
