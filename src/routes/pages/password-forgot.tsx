import { ScreenPage } from '../screen-page';

export default function PasswordForgotPage() {
  return <ScreenPage screen="passwordForgot" />;
}
