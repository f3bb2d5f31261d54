// The default locale's shared /products/{slug}: a device, else a manufacturer or series (product §2);
// null when the slug names none of them.

import { queryOptions } from '@tanstack/react-query';
import { getDevice, type DeviceData } from './get-device';
import { getOverview, type OverviewData } from './get-overview';
import type { CatalogueApi } from './search';

export async function getProduct(ctx: CatalogueApi, url: string): Promise<DeviceData | OverviewData | null> {
  return (await getDevice(ctx, url)) ?? (await getOverview(ctx, url));
}

export const productQueryOptions = (ctx: CatalogueApi, url: string) =>
  queryOptions({ queryKey: ['catalogue', ctx.locale, 'product', url] as const, queryFn: () => getProduct(ctx, url) });
