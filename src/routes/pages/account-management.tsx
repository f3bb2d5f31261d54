// /account/management: change the password, delete the account (log-in form when logged out).

import { AccountManagement } from '../../ui/account/account-management';
import { ScreenPage } from '../screen-page';

export default function AccountManagementPage() {
  return (
    <ScreenPage screen="accountManagement">
      <AccountManagement />
    </ScreenPage>
  );
}
