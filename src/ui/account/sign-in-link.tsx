// The sign-in link (decision 077): while failed logins of strangers keep an account paused for
// unknown browsers, the log-in form offers to mail a sign-in link (SignInLinkOffer: the
// forgotten-password flow with another call, the same "if an account exists" answer); the link's
// page signs this browser in with it (SignInWithLink), after which its logins count for it alone.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { forgotPasswordMachine } from '../../machines/password';
import { signInWithLinkMachine } from '../../machines/sign-in-link';
import { askForSignInLinkActors, signInWithLinkActors } from '../../machines/sign-in-link.actors';
import { useApiClient } from '../api-context';
import { useFocusOnMount } from '../form/focus';
import { FormFailure } from '../form/form-status';
import { useShop } from '../shop-context';
import { useAccount } from './account-provider';
import './account.css';
import '../form/form.css';

/** Under the log-in form's "paused" note: one button that mails a sign-in link to the address entered. */
export function SignInLinkOffer({ email }: { readonly email: string }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const machine = useMemo(() => forgotPasswordMachine.provide({ actors: askForSignInLinkActors({ api }) }), [api]);
  const actor = useActorRef(machine, { input: { locale: shop.locale, email } });
  const state = useSelector(actor, (s) => s);

  if (state.matches('sent')) {
    return (
      <p className="form-aside" role="status" data-testid="sign-in-link-sent">
        {i18n._(
          msg`If an account exists for ${email}, we have sent a sign-in link to it. It signs you in on this browser once and is valid for 15 minutes.`,
        )}
      </p>
    );
  }
  const sending = state.matches('sending');
  return (
    <div className="form-aside">
      <p>{i18n._(msg`Is it your account? We can e-mail you a link that signs you in on this browser, even while logging in is paused.`)}</p>
      <FormFailure
        failure={state.context.failure}
        texts={{ network: msg`We could not send the link right now. Please try again.` }}
        onRetry={() => actor.send({ type: 'forgot.retry' })}
      />
      <button
        type="button"
        className="button"
        disabled={sending}
        aria-busy={sending || undefined}
        onClick={() => {
          actor.send({ type: 'forgot.change', value: email });
          actor.send({ type: 'forgot.submit' });
        }}
      >
        {sending ? i18n._(msg`Sending…`) : i18n._(msg`Send me a sign-in link`)}
      </button>
    </div>
  );
}

/** The page of the mailed link: signs in with its token, then leads to the account. */
export function SignInWithLink({ token }: { readonly token: string | null }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const account = useAccount();
  const { openSession } = account;
  const machine = useMemo(() => signInWithLinkMachine.provide({ actors: signInWithLinkActors({ api, openSession }) }), [api, openSession]);
  const actor = useActorRef(machine, { input: { token } });
  const state = useSelector(actor, (s) => s);
  const focus = useFocusOnMount<HTMLHeadingElement>();

  if (state.matches('signedIn')) {
    return (
      <div className="account-outcome" data-testid="sign-in-link-done">
        <h2 tabIndex={-1} ref={focus}>
          {i18n._(msg`You are signed in.`)}
        </h2>
        <p>{i18n._(msg`This browser is known to your account now: logging in here works even while others fail to log in.`)}</p>
        <Link to={shop.path('accountOverview')} className="button primary">
          {i18n._(msg`Go to my account`)}
        </Link>
      </div>
    );
  }
  if (state.matches('invalidToken')) {
    return (
      <div className="account-outcome" data-testid="sign-in-link-invalid">
        <h2 tabIndex={-1} ref={focus}>
          {i18n._(msg`This link is invalid or has expired.`)}
        </h2>
        <p>{i18n._(msg`Sign-in links work once and for 15 minutes. You can ask for a new one on the log-in form.`)}</p>
        <Link to={shop.path('accountOverview')} className="button primary">
          {i18n._(msg`Back to log-in`)}
        </Link>
      </div>
    );
  }
  return (
    <div className="account-outcome" aria-busy={state.matches('signingIn') || undefined}>
      {state.matches('signingIn') ? <p role="status">{i18n._(msg`Signing you in…`)}</p> : null}
      <FormFailure
        failure={state.context.failure}
        texts={{
          network: msg`We could not sign you in right now. Please try again.`,
          rateLimited: msg`There were too many attempts. Please wait a few minutes and try again.`,
        }}
        onRetry={() => actor.send({ type: 'link.retry' })}
      />
    </div>
  );
}
