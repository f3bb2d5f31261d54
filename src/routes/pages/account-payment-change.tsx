// /account/payment-change: the customer's payout method and account (log-in form when logged out).

import { AccountGate } from '../../ui/account/account-gate';
import { PaymentChange } from '../../ui/account/payment-change';
import { ScreenPage } from '../screen-page';

export default function AccountPaymentChangePage() {
  return (
    <ScreenPage screen="accountPaymentChange">
      <AccountGate>
        <PaymentChange />
      </AccountGate>
    </ScreenPage>
  );
}
