import { ScreenPage } from '../screen-page';

export default function AccountOverviewPage() {
  return <ScreenPage screen="accountOverview" />;
}
