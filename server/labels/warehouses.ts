// Where sellers send their devices: our goods-in warehouse per country shop. The English default shop
// follows the German rules (product §1), so its parcels go to the German warehouse.

import { BRAND_CONFIG, type Brand } from '../../src/config/brands';
import type { Locale } from '../../src/config/locales';

export interface WarehouseAddress {
  /** The receiving department; the label writes the brand before it ("agan Wareneingang", decision 033). */
  readonly department: string;
  /** Street and number as written in that country. */
  readonly street: string;
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: 'DE' | 'AT' | 'ES' | 'FR' | 'IT';
}

const DE: WarehouseAddress = {
  department: 'Wareneingang',
  street: 'Industriestraße 12',
  postalCode: '04109',
  city: 'Leipzig',
  countryCode: 'DE',
};

export const WAREHOUSES: Readonly<Record<Locale, WarehouseAddress>> = {
  default: DE,
  de: DE,
  at: { department: 'Wareneingang', street: 'Lagerhausstraße 8', postalCode: '1220', city: 'Wien', countryCode: 'AT' },
  es: {
    department: 'Recepción de mercancías',
    street: 'Calle de la Logística 5',
    postalCode: '28021',
    city: 'Madrid',
    countryCode: 'ES',
  },
  fr: {
    department: 'Réception des marchandises',
    street: "14 rue de l'Industrie",
    postalCode: '69007',
    city: 'Lyon',
    countryCode: 'FR',
  },
  it: { department: 'Ricevimento merci', street: 'Via della Logistica 21', postalCode: '20139', city: 'Milano', countryCode: 'IT' },
};

export function warehouseFor(locale: Locale): WarehouseAddress {
  return WAREHOUSES[locale] ?? DE;
}

/** The recipient's name line: the brand, then the department. */
export function warehouseName(warehouse: WarehouseAddress, brand: Brand): string {
  return `${BRAND_CONFIG[brand].name} ${warehouse.department}`;
}
