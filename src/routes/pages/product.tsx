import { usePageData } from '../page-data';
import { DeviceView } from '../device-view';
import { OverviewView } from '../overview-view';

/** The default locale's /products/{slug}: a device, or a manufacturer or series overview (product §2). */
export default function ProductPage() {
  const data = usePageData('device', 'overview');
  if (data.kind === 'overview') return <OverviewView overview={data.overview} devices={data.devices} />;
  return <DeviceView device={data.device} posted={data.posted} />;
}
