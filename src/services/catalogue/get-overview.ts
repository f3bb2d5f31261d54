// A product overview: the manufacturer or series behind a slug and its devices, newest first; null
// when the slug names neither.

import { queryOptions } from '@tanstack/react-query';
import type { Device } from './entities';
import { fetchDevicesOf, fetchOverviewByUrl, type CatalogueApi, type OverviewPage } from './search';

export interface OverviewData {
  readonly kind: 'overview';
  readonly overview: OverviewPage;
  readonly devices: readonly Device[];
}

export async function getOverview(ctx: CatalogueApi, url: string): Promise<OverviewData | null> {
  const overview = await fetchOverviewByUrl(ctx, url);
  return overview ? { kind: 'overview', overview, devices: await fetchDevicesOf(ctx, overview) } : null;
}

export const overviewQueryOptions = (ctx: CatalogueApi, url: string) =>
  queryOptions({ queryKey: ['catalogue', ctx.locale, 'overview', url] as const, queryFn: () => getOverview(ctx, url) });
