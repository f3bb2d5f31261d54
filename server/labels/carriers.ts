// The parcel carrier of each shop by name (the footer logo's carrier): for the label and the mails,
// without loading the PDF code.

import { countryConfig, type ShippingCarrier } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';

export const CARRIER_NAMES: Readonly<Record<ShippingCarrier, string>> = { dhl: 'DHL', ups: 'UPS' };

export function carrierName(locale: Locale): string {
  return CARRIER_NAMES[countryConfig(locale).footerShippingLogo.carrier];
}
