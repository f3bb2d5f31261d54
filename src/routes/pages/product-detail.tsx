import { useLoaderData } from '@tanstack/react-router';
import type { DeviceData, ProductData } from '../loaders';
import { DeviceView } from '../device-view';
import { OverviewView } from '../overview-view';

export default function ProductDetailPage() {
  const data = useLoaderData({ strict: false }) as ProductData | DeviceData;
  // The default locale's /products/{slug} also names manufacturers and series (DESIGN.md §5).
  if ('view' in data && data.view === 'overview') return <OverviewView overview={data.overview} devices={data.devices} />;
  return <DeviceView device={data.device} />;
}
