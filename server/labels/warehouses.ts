// Where sellers send their devices: our goods-in warehouse per country shop. The English default shop
// follows the German rules (DESIGN.md §4), so its parcels go to the German warehouse.

import type { Locale } from '../../src/config/locales';

export interface WarehouseAddress {
  readonly name: string;
  /** Street and number as written in that country. */
  readonly street: string;
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: 'DE' | 'AT' | 'ES' | 'FR' | 'IT';
}

const DE: WarehouseAddress = {
  name: 'trade-in Wareneingang',
  street: 'Industriestraße 12',
  postalCode: '04109',
  city: 'Leipzig',
  countryCode: 'DE',
};

export const WAREHOUSES: Readonly<Record<Locale, WarehouseAddress>> = {
  default: DE,
  de: DE,
  at: { name: 'trade-in Wareneingang', street: 'Lagerhausstraße 8', postalCode: '1220', city: 'Wien', countryCode: 'AT' },
  es: {
    name: 'trade-in Recepción de mercancías',
    street: 'Calle de la Logística 5',
    postalCode: '28021',
    city: 'Madrid',
    countryCode: 'ES',
  },
  fr: {
    name: 'trade-in Réception des marchandises',
    street: "14 rue de l'Industrie",
    postalCode: '69007',
    city: 'Lyon',
    countryCode: 'FR',
  },
  it: { name: 'trade-in Ricevimento merci', street: 'Via della Logistica 21', postalCode: '20139', city: 'Milano', countryCode: 'IT' },
};

export function warehouseFor(locale: Locale): WarehouseAddress {
  return WAREHOUSES[locale] ?? DE;
}
