// /account/address-change: the customer's address, prefilled and editable (log-in form when logged out).

import { AccountGate } from '../../ui/account/account-gate';
import { AddressChange } from '../../ui/account/address-change';
import { ScreenPage } from '../screen-page';

export default function AccountAddressChangePage() {
  return (
    <ScreenPage screen="accountAddressChange">
      <AccountGate>
        <AddressChange />
      </AccountGate>
    </ScreenPage>
  );
}
