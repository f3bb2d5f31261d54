import { ScreenPage } from '../screen-page';

export default function AccountRegisterPage() {
  return <ScreenPage screen="accountRegister" />;
}
