// /account/password-reset?token=…: choose a new password with the e-mail's link.

import { useLinkToken } from '../../ui/account/link-token';
import { PasswordReset } from '../../ui/account/password-reset';
import { NoScriptNote } from '../../ui/account/noscript-note';
import { ScreenPage } from '../screen-page';
import '../../ui/form/form.css';

export default function PasswordResetPage() {
  const token = useLinkToken();
  return (
    <ScreenPage screen="passwordReset">
      <NoScriptNote screen="account" />
      <PasswordReset key={token ?? ''} token={token} />
    </ScreenPage>
  );
}
