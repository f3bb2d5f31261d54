// Lingui set-up: one i18n instance per request on the server, one per page in the browser; catalogs
// are compiled from the po files and loaded lazily, one locale at a time. The account screens have
// their own catalog (lingui.config.ts), merged in when an account page or the checkout loads.

import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LANGUAGE_TAG, type Locale } from '../config/locales';

type CatalogModule = { messages: Messages };

/** Lazy catalog loaders keyed by source path, so the server can find their chunks in the build manifest. */
export const CATALOG_LOADERS = import.meta.glob<CatalogModule>('./locales/*.po');

export function catalogPath(locale: Locale): string {
  return `./locales/${LANGUAGE_TAG[locale]}.po`;
}

/** The account screens' catalogs (src/i18n/account). */
const ACCOUNT_CATALOG_LOADERS = import.meta.glob<CatalogModule>('./account/*.po');

export async function loadAccountMessages(locale: Locale): Promise<Messages> {
  const load = ACCOUNT_CATALOG_LOADERS[`./account/${LANGUAGE_TAG[locale]}.po`];
  if (!load) throw new Error(`no account catalog for locale ${locale}`);
  return (await load()).messages;
}

/** Adds the account screens' messages to an i18n instance (idempotent). */
export async function withAccountMessages(i18n: I18n, locale: Locale): Promise<void> {
  i18n.load(LANGUAGE_TAG[locale], await loadAccountMessages(locale));
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
