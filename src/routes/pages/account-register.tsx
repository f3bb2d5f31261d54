// /account/register: the registration form, or, with ?token=… (the e-mail's activation link), the
// activation of the account.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ActivationView } from '../../ui/account/activation-view';
import { useLinkToken } from '../../ui/account/link-token';
import { RegistrationForm } from '../../ui/account/registration-form';
import { NoScriptNote } from '../../ui/account/noscript-note';
import { ScreenPage } from '../screen-page';
import '../../ui/form/form.css';

export default function AccountRegisterPage() {
  const { i18n } = useLingui();
  const token = useLinkToken();
  if (token === null) {
    return (
      <ScreenPage screen="accountRegister">
        <NoScriptNote screen="account" />
        <RegistrationForm />
      </ScreenPage>
    );
  }
  return (
    <ScreenPage screen="accountRegister" title={i18n._(msg`Activate your account`)}>
      <ActivationView key={token} token={token} />
    </ScreenPage>
  );
}
