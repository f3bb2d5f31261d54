import { ScreenPage } from '../screen-page';

export default function AccountManagementPage() {
  return <ScreenPage screen="accountManagement" />;
}
