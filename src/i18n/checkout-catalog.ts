// The checkout's catalog (src/i18n/checkout): the account texts the checkout page shows (lingui.config.ts),
// loaded with its page instead of the whole account catalog (decision 093). Loaded lazily itself, so
// its loaders are not part of every page's first script.

import type { I18n, Messages } from '@lingui/core';
import { LANGUAGE_TAG, type Locale } from '../config/locales';

const CHECKOUT_CATALOG_LOADERS = import.meta.glob<{ messages: Messages }>('./checkout/*.po');

/** Adds the checkout's messages to an i18n instance (idempotent). */
export async function withCheckoutMessages(i18n: I18n, locale: Locale): Promise<void> {
  const load = CHECKOUT_CATALOG_LOADERS[`./checkout/${LANGUAGE_TAG[locale]}.po`];
  if (!load) throw new Error(`no checkout catalog for locale ${locale}`);
  i18n.load(LANGUAGE_TAG[locale], (await load()).messages);
}
