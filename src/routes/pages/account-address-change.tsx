import { ScreenPage } from '../screen-page';

export default function AccountAddressChangePage() {
  return <ScreenPage screen="accountAddressChange" />;
}
