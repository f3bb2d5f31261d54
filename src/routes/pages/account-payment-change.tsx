import { ScreenPage } from '../screen-page';

export default function AccountPaymentChangePage() {
  return <ScreenPage screen="accountPaymentChange" />;
}
