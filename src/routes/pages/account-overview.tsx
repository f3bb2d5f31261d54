// /account: the customer's data and trades when logged in, else the log-in form.

import { AccountGate } from '../../ui/account/account-gate';
import { AccountOverview } from '../../ui/account/account-overview';
import { ScreenPage } from '../screen-page';

export default function AccountOverviewPage() {
  return (
    <ScreenPage screen="accountOverview">
      <AccountGate>
        <AccountOverview />
      </AccountGate>
    </ScreenPage>
  );
}
