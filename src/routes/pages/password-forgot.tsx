// /account/password-forgot: ask for a link to choose a new password.

import { PasswordForgot } from '../../ui/account/password-forgot';
import { NoScriptNote } from '../../ui/account/noscript-note';
import { ScreenPage } from '../screen-page';
import '../../ui/form/form.css';

export default function PasswordForgotPage() {
  return (
    <ScreenPage screen="passwordForgot">
      <NoScriptNote screen="account" />
      <PasswordForgot />
    </ScreenPage>
  );
}
