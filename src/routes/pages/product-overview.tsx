import { useLoaderData } from '@tanstack/react-router';
import type { OverviewData } from '../loaders';
import { OverviewView } from '../overview-view';

export default function ProductOverviewPage() {
  return <OverviewView {...(useLoaderData({ strict: false }) as OverviewData)} />;
}
