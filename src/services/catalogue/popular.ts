// The shop's popular devices: ids from GET /api/catalogue/popular (most offered in the country over the
// last 30 days, topped up from a curated list); the devices themselves come from the search index.

import { PopularDevicesSchema } from '../../contracts/search';
import type { ApiClient } from '../api-client';

export async function fetchPopularIds(api: ApiClient): Promise<number[]> {
  return PopularDevicesSchema.parse(await api('/api/catalogue/popular')).deviceIds;
}
