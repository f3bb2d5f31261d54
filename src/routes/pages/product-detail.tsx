import { usePageData } from '../page-data';
import { DeviceView } from '../device-view';
import { OverviewView } from '../overview-view';

export default function ProductDetailPage() {
  const data = usePageData('device', 'overview');
  // The default locale's /products/{slug} also names manufacturers and series (DESIGN.md §5).
  if (data.kind === 'overview') return <OverviewView overview={data.overview} devices={data.devices} />;
  return <DeviceView device={data.device} posted={data.posted} />;
}
