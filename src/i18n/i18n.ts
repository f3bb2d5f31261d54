// Lingui set-up: one i18n instance per request on the server, one per page in the browser; catalogs
// are compiled from the po files and loaded lazily, one locale at a time.

import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LANGUAGE_TAG, type Locale } from '../config/locales';

type CatalogModule = { messages: Messages };

/** Lazy catalog loaders keyed by source path, so the server can find their chunks in the build manifest. */
export const CATALOG_LOADERS = import.meta.glob<CatalogModule>('./locales/*.po');

export function catalogPath(locale: Locale): string {
  return `./locales/${LANGUAGE_TAG[locale]}.po`;
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = CATALOG_LOADERS[catalogPath(locale)];
  if (!load) throw new Error(`no catalog for locale ${locale}`);
  return (await load()).messages;
}

export function createI18n(locale: Locale, messages: Messages): I18n {
  const tag = LANGUAGE_TAG[locale];
  return setupI18n({ locale: tag, messages: { [tag]: messages } });
}
