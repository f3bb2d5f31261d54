// Route loaders of the catalogue screens. They run on the server for the first page and in the browser
// on navigation; the catalogue services load lazily, so their code (and zod) stays out of the entry.

import { notFound } from '@tanstack/react-router';
import type { Locale } from '../config/locales';
import type { ApiClientOptions } from '../services/api-client';
import type { Category, Device } from '../services/catalogue/entities';
import type { OverviewPage } from '../services/catalogue/search';

export interface LoaderContext {
  readonly shop: { readonly locale: Locale };
  readonly api: ApiClientOptions;
}

const catalogue = async (context: LoaderContext) => {
  const m = await import('../services/catalogue/search');
  return { m, ctx: m.catalogueApi(context.api, context.shop.locale) };
};

export interface HomeData {
  readonly categories: Category[];
  readonly popular: Device[];
}

export async function loadHome(context: LoaderContext): Promise<HomeData> {
  const { m, ctx } = await catalogue(context);
  const [categories, popular] = await Promise.all([m.fetchCategories(ctx), m.fetchPopularDevices(ctx, 8)]);
  return { categories, popular };
}

export interface CategoryData {
  readonly category: Category;
}

export async function loadSellCategory(context: LoaderContext, url: string): Promise<CategoryData> {
  const { m, ctx } = await catalogue(context);
  const category = await m.fetchCategoryByUrl(ctx, url);
  if (!category) throw notFound();
  return { category };
}

export interface OverviewData {
  readonly overview: OverviewPage;
  readonly devices: Device[];
}

export async function loadOverview(context: LoaderContext, url: string): Promise<OverviewData> {
  const { m, ctx } = await catalogue(context);
  const overview = await m.fetchOverviewByUrl(ctx, url);
  if (!overview) throw notFound();
  return { overview, devices: await m.fetchDevicesOf(ctx, overview) };
}

export interface DeviceData {
  readonly device: Device;
}

export async function loadDevice(context: LoaderContext, url: string): Promise<DeviceData> {
  const { m, ctx } = await catalogue(context);
  const device = await m.fetchDeviceByUrl(ctx, url);
  if (!device) throw notFound();
  return { device };
}

export type ProductData = ({ readonly view: 'device' } & DeviceData) | ({ readonly view: 'overview' } & OverviewData);

/** The default locale's shared /products/{slug}: a device, else a manufacturer or series (DESIGN.md §5). */
export async function loadProduct(context: LoaderContext, url: string): Promise<ProductData> {
  const { m, ctx } = await catalogue(context);
  const device = await m.fetchDeviceByUrl(ctx, url);
  if (device) return { view: 'device', device };
  const overview = await m.fetchOverviewByUrl(ctx, url);
  if (!overview) throw notFound();
  return { view: 'overview', overview, devices: await m.fetchDevicesOf(ctx, overview) };
}

/** Title, description and keywords a catalogue page takes from its data. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  readonly keywords: string;
}

export function metaOf(data: unknown): PageMeta | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Partial<CategoryData & OverviewData & DeviceData>;
  if (d.category) return { title: d.category.title, description: d.category.metaDescription, keywords: d.category.metaKeywords };
  if (d.overview) return { title: d.overview.page.title, description: d.overview.page.metaDescription, keywords: d.overview.page.metaKeywords };
  if (d.device) {
    return {
      title: d.device.name,
      description: `${d.device.name}: ${d.device.category}, ${d.device.manufacturer} ${d.device.series}`,
      keywords: [d.device.model, d.device.manufacturer, d.device.series, d.device.category].join(', '),
    };
  }
  return undefined;
}
