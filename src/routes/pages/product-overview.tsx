import { usePageData } from '../page-data';
import { OverviewView } from '../overview-view';

export default function ProductOverviewPage() {
  const { overview, devices } = usePageData('overview');
  return <OverviewView overview={overview} devices={devices} />;
}
