// /account/sign-in-link?token=…: sign in with the mailed link of a paused account (decision 077).

import { useLinkToken } from '../../ui/account/link-token';
import { NoScriptNote } from '../../ui/account/noscript-note';
import { SignInWithLink } from '../../ui/account/sign-in-link';
import { ScreenPage } from '../screen-page';
import '../../ui/form/form.css';

export default function AccountSignInLinkPage() {
  const token = useLinkToken();
  return (
    <ScreenPage screen="accountSignInLink">
      <NoScriptNote screen="account" />
      <SignInWithLink key={token ?? ''} token={token} />
    </ScreenPage>
  );
}
