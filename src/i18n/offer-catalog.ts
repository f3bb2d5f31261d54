// The offer flow's catalog (src/i18n/offer): the texts of the offer machine's flow and its share links,
// which load with a device's first answer (src/ui/offer/offer-flow.tsx). This module is loaded with them,
// so neither the texts nor their loaders are part of a page's initial JavaScript (decision 093).

import type { I18n, Messages } from '@lingui/core';
import { LANGUAGE_TAG, type Locale } from '../config/locales';

const OFFER_CATALOG_LOADERS = import.meta.glob<{ messages: Messages }>('./offer/*.po');

/** Adds the offer flow's messages to an i18n instance (idempotent). */
export async function withOfferMessages(i18n: I18n, locale: Locale): Promise<void> {
  const load = OFFER_CATALOG_LOADERS[`./offer/${LANGUAGE_TAG[locale]}.po`];
  if (!load) throw new Error(`no offer catalog for locale ${locale}`);
  i18n.load(LANGUAGE_TAG[locale], (await load()).messages);
}
