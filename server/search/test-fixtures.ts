// Shared fixtures of the search engine tests: a small hand-made device catalogue (complete
// DeviceDocs) and helpers to build indexes and read hits.

import { z } from 'zod';
import { type DeviceDoc, SearchResponseSchema } from '../../src/contracts/search';
import { SearchIndex, type SearchResponse } from './engine';
import { DEVICE_MAPPING, type Mapping } from './mappings';

type DeviceFields = Pick<DeviceDoc, 'name' | 'model'> & Partial<DeviceDoc>;

export function device(id: number, fields: DeviceFields): DeviceDoc {
  return {
    id,
    url: fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    category: 'Smartphones',
    categoryId: 1,
    categoryUrl: 'smartphones',
    manufacturer: fields.name.split(' ')[0]!,
    brand: fields.manufacturer ?? fields.name.split(' ')[0]!,
    manufacturerId: 100,
    manufacturerUrl: 'brand',
    series: 'Series',
    seriesId: 1000,
    seriesUrl: 'series',
    platform: 'other',
    releaseYear: 2020,
    releaseMonth: 1,
    searchTerms: [],
    basePrice: 100,
    popularity: 50,
    images: [{ kind: 'front', path: '/images/devices/phone.svg' }],
    imagePath: '/images/devices/phone.svg',
    ...fields,
  };
}

/** Twelve devices across categories; ids 1–12 in index order. */
export const DEVICES: readonly DeviceDoc[] = [
  device(1, {
    name: 'Apple iPhone 13 128 GB',
    model: 'iPhone 13',
    manufacturerId: 101,
    manufacturerUrl: 'apple-smartphones',
    series: 'iPhone',
    seriesId: 1001,
    seriesUrl: 'apple-iphone',
    releaseYear: 2021,
    releaseMonth: 9,
    searchTerms: ['A2633', 'iphone13'],
    basePrice: 300,
    popularity: 90,
  }),
  device(2, {
    name: 'Apple iPhone 13 Pro 256 GB',
    model: 'iPhone 13 Pro',
    manufacturerId: 101,
    manufacturerUrl: 'apple-smartphones',
    series: 'iPhone',
    seriesId: 1001,
    seriesUrl: 'apple-iphone',
    releaseYear: 2021,
    releaseMonth: 9,
    searchTerms: ['A2638', 'iphone13pro'],
    basePrice: 420,
    popularity: 80,
  }),
  device(3, {
    name: 'Apple iPhone 12 64 GB',
    model: 'iPhone 12',
    manufacturerId: 101,
    manufacturerUrl: 'apple-smartphones',
    series: 'iPhone',
    seriesId: 1001,
    seriesUrl: 'apple-iphone',
    releaseYear: 2020,
    releaseMonth: 10,
    searchTerms: ['A2403', 'iphone12'],
    basePrice: 220,
    popularity: 70,
  }),
  device(4, {
    name: 'Apple iPhone 15 Pro 128 GB',
    model: 'iPhone 15 Pro',
    manufacturerId: 101,
    manufacturerUrl: 'apple-smartphones',
    series: 'iPhone',
    seriesId: 1001,
    seriesUrl: 'apple-iphone',
    releaseYear: 2023,
    releaseMonth: 9,
    searchTerms: ['A3102', 'iphone15pro'],
    basePrice: 700,
    popularity: 95,
  }),
  device(5, {
    name: 'Samsung Galaxy S21 128 GB',
    model: 'Galaxy S21',
    manufacturerId: 102,
    manufacturerUrl: 'samsung-smartphones',
    series: 'Galaxy S',
    seriesId: 1002,
    seriesUrl: 'samsung-galaxy-s',
    releaseYear: 2021,
    releaseMonth: 1,
    searchTerms: ['SM-G991B', 'galaxys21'],
    basePrice: 200,
    popularity: 60,
  }),
  device(6, {
    name: 'Samsung Galaxy S24 Ultra 256 GB',
    model: 'Galaxy S24 Ultra',
    manufacturerId: 102,
    manufacturerUrl: 'samsung-smartphones',
    series: 'Galaxy S',
    seriesId: 1002,
    seriesUrl: 'samsung-galaxy-s',
    releaseYear: 2024,
    releaseMonth: 1,
    searchTerms: ['SM-S928B', 'galaxys24ultra'],
    basePrice: 800,
    popularity: 85,
  }),
  device(7, {
    name: 'Samsung Galaxy S3 16 GB',
    model: 'Galaxy S3',
    manufacturerId: 102,
    manufacturerUrl: 'samsung-smartphones',
    series: 'Galaxy S',
    seriesId: 1002,
    seriesUrl: 'samsung-galaxy-s',
    releaseYear: 2012,
    releaseMonth: 5,
    searchTerms: ['GT-I9300', 'galaxys3'],
    basePrice: 10,
    popularity: 5,
  }),
  device(8, {
    name: 'Sony PlayStation 5 825 GB',
    model: 'PlayStation 5',
    category: 'Game consoles',
    categoryId: 9,
    categoryUrl: 'game-consoles',
    manufacturerId: 103,
    manufacturerUrl: 'sony-game-consoles',
    series: 'PlayStation',
    seriesId: 1003,
    seriesUrl: 'sony-playstation',
    releaseYear: 2020,
    releaseMonth: 11,
    searchTerms: ['CFI-1216A', 'playstation5', 'ps5'],
    basePrice: 250,
    popularity: 88,
  }),
  device(9, {
    name: 'Nintendo Switch OLED',
    model: 'Switch OLED',
    category: 'Game consoles',
    categoryId: 9,
    categoryUrl: 'game-consoles',
    manufacturerId: 104,
    manufacturerUrl: 'nintendo-game-consoles',
    series: 'Switch',
    seriesId: 1004,
    seriesUrl: 'nintendo-switch',
    releaseYear: 2021,
    releaseMonth: 10,
    searchTerms: ['HEG-001', 'switcholed'],
    basePrice: 180,
    popularity: 75,
  }),
  device(10, {
    name: 'Canon EOS 5D Mark IV Body',
    model: 'EOS 5D Mark IV',
    category: 'Cameras',
    categoryId: 6,
    categoryUrl: 'cameras',
    manufacturerId: 105,
    manufacturerUrl: 'canon-cameras',
    series: 'EOS',
    seriesId: 1005,
    seriesUrl: 'canon-eos',
    releaseYear: 2016,
    releaseMonth: 9,
    searchTerms: ['DS126601', 'eos5dmarkiv'],
    basePrice: 900,
    popularity: 40,
  }),
  device(11, {
    name: 'Google Pixel 7 128 GB',
    model: 'Pixel 7',
    manufacturerId: 106,
    manufacturerUrl: 'google-smartphones',
    series: 'Pixel',
    seriesId: 1006,
    seriesUrl: 'google-pixel',
    releaseYear: 2022,
    releaseMonth: 10,
    searchTerms: ['GVU6C', 'pixel7'],
    basePrice: 230,
    popularity: 65,
  }),
  device(12, {
    name: 'Apple MacBook Pro 14" M3 (2023) 512 GB',
    model: 'MacBook Pro 14" M3 (2023)',
    category: 'MacBooks',
    categoryId: 4,
    categoryUrl: 'macbooks',
    manufacturerId: 107,
    manufacturerUrl: 'apple-macbooks',
    series: 'MacBook Pro',
    seriesId: 1007,
    seriesUrl: 'apple-macbook-pro',
    releaseYear: 2023,
    releaseMonth: 11,
    searchTerms: ['A2918', 'macbookpro14m3'],
    basePrice: 1100,
    popularity: 92,
  }),
];

export function indexOf(docs: readonly Record<string, unknown>[], mapping: Mapping = DEVICE_MAPPING, name = 'test_devices'): SearchIndex {
  return SearchIndex.build(
    name,
    mapping,
    docs.map((source, i) => ({ id: String(source.id ?? i + 1), source })),
  );
}

export const deviceIndex = (): SearchIndex => indexOf(DEVICES);

/** The hit ids in order. */
export const ids = (response: SearchResponse): string[] => response.hits.hits.map((h) => h._id);

/** The hit ids as a sorted set (for order-free assertions). */
export const idSet = (response: SearchResponse): string[] => ids(response).sort((a, b) => Number(a) - Number(b));

/** Runs a search and checks the answer against the response contract (src/contracts/search.ts). */
export function searchChecked(index: SearchIndex, body: unknown, resultSize?: number): SearchResponse {
  const response = index.search(body, resultSize);
  // `_source: false` leaves the source out of each hit, as Elasticsearch does.
  SearchResponseSchema(z.record(z.string(), z.unknown()).optional()).parse(response);
  return response;
}

export function scoreOf(response: SearchResponse, id: string): number {
  const hit = response.hits.hits.find((h) => h._id === id);
  if (!hit || hit._score === null) throw new Error(`no scored hit ${id}`);
  return hit._score;
}
