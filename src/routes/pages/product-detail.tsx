import { usePageData } from '../page-data';
import { DeviceView } from '../device-view';

/** A device page of a country shop (the default locale's shared path is ./product.tsx). */
export default function ProductDetailPage() {
  const data = usePageData('device');
  return <DeviceView device={data.device} posted={data.posted} />;
}
