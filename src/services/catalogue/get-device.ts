// A product detail: the device with its category's condition questions; null when no device has the slug.

import { queryOptions } from '@tanstack/react-query';
import type { Device } from './entities';
import { fetchDeviceByUrl, type CatalogueApi } from './search';

export interface DeviceData {
  readonly kind: 'device';
  readonly device: Device;
}

export async function getDevice(ctx: CatalogueApi, url: string): Promise<DeviceData | null> {
  const device = await fetchDeviceByUrl(ctx, url);
  return device ? { kind: 'device', device } : null;
}

export const deviceQueryOptions = (ctx: CatalogueApi, url: string) =>
  queryOptions({ queryKey: ['catalogue', ctx.locale, 'device', url] as const, queryFn: () => getDevice(ctx, url) });
