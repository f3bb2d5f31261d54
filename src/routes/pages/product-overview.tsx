import { ScreenPage } from '../screen-page';

export default function ProductOverviewPage() {
  return <ScreenPage screen="productOverview" />;
}
