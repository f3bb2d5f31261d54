import { ScreenPage } from '../screen-page';

export default function PasswordResetPage() {
  return <ScreenPage screen="passwordReset" />;
}
