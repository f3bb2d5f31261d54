// The consent banner's catalog (src/i18n/consent): imported only by the banner's lazily loaded module,
// so neither its texts nor its loaders are part of the initial JavaScript (decision 007).

import type { I18n, Messages } from '@lingui/core';
import { LANGUAGE_TAG, type Locale } from '../config/locales';

const CONSENT_CATALOG_LOADERS = import.meta.glob<{ messages: Messages }>('./consent/*.po');

/** Adds the consent banner's messages to an i18n instance (idempotent). */
export async function withConsentMessages(i18n: I18n, locale: Locale): Promise<void> {
  const load = CONSENT_CATALOG_LOADERS[`./consent/${LANGUAGE_TAG[locale]}.po`];
  if (!load) throw new Error(`no consent catalog for locale ${locale}`);
  i18n.load(LANGUAGE_TAG[locale], (await load()).messages);
}
