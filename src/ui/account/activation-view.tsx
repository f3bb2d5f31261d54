// The activation link (/account/register?token=…), one clear page state per outcome of the activation
// machine: activating, activated (then the log-in form), not activated (used or expired: register
// again or contact us), missing token (the link is incomplete) and failed (try again).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { activationMachine } from '../../machines/activation';
import { activationActors } from '../../machines/activation.actors';
import { pageCoverageInspector } from '../../contracts/actor-coverage';
import { useApiClient } from '../api-context';
import { useShop } from '../shop-context';
import { LoadingNote } from './account-gate';
import { useAccount } from './account-provider';
import { useFocusOnMount } from '../form/focus';
import { LoginForm } from './login-form';
import '../form/form.css';

export function ActivationView({ token }: { token: string }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const machine = useMemo(() => activationMachine.provide({ actors: activationActors({ api }) }), [api]);
  const actor = useActorRef(machine, { input: { token }, inspect: pageCoverageInspector() });
  const state = useSelector(actor, (s) => s);
  const { context } = state;

  if (state.matches('activated')) return <Activated customerNumber={context.customerNumber} />;
  if (state.matches('notActivated')) {
    return (
      <Outcome state="notActivated" heading={i18n._(msg`This activation link is not valid any more.`)}>
        <p>
          {i18n._(
            msg`It may have been used already or have expired. If you activated your account before, just log in. Otherwise please register again: you get a new link.`,
          )}
        </p>
        <p className="form-actions">
          <Link to={shop.path('accountOverview')} className="button primary">
            {i18n._(msg`Log in`)}
          </Link>
          <Link to={shop.path('accountRegister')} className="button secondary">
            {i18n._(msg`Register again`)}
          </Link>
          <Link to={shop.path('contact')}>{i18n._(msg`Contact us`)}</Link>
        </p>
      </Outcome>
    );
  }
  if (state.matches('missingToken')) {
    return (
      <Outcome state="missingToken" heading={i18n._(msg`This activation link is incomplete.`)}>
        <p>
          {context.missingTokenIn === 'answer'
            ? i18n._(msg`We could not finish the activation. Please open the link from the e-mail again.`)
            : i18n._(
                msg`The code at the end of the link is missing. Please open the link from the e-mail again, or copy the whole link into the address bar of your browser.`,
              )}
        </p>
        <p className="form-actions">
          <Link to={shop.path('contact')}>{i18n._(msg`Contact us`)}</Link>
        </p>
      </Outcome>
    );
  }
  if (state.matches('failed')) {
    return (
      <Outcome state="failed" heading={i18n._(msg`We could not activate your account right now.`)}>
        <p>
          {context.rateLimited
            ? i18n._(msg`There were too many attempts. Please wait a few minutes and try again.`)
            : i18n._(msg`The connection to our server failed. Please try again.`)}
        </p>
        <button type="button" className="button primary" onClick={() => actor.send({ type: 'activation.retry' })}>
          {i18n._(msg`Try again`)}
        </button>
      </Outcome>
    );
  }
  return (
    <LoadingNote>
      <span data-activation="activating">{i18n._(msg`Activating your account…`)}</span>
    </LoadingNote>
  );
}

function Outcome({ state, heading, children }: { state: string; heading: string; children: ReactNode }) {
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="account-outcome" data-activation={state}>
      <h2 tabIndex={-1} ref={focus}>
        {heading}
      </h2>
      {children}
    </div>
  );
}

function Activated({ customerNumber }: { customerNumber: string | null }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  return (
    <Outcome state="activated" heading={i18n._(msg`Your account is activated.`)}>
      {customerNumber && <p>{i18n._(msg`Your customer number is ${customerNumber}.`)}</p>}
      {account.ready && account.isLoggedIn ? (
        <Link to={shop.path('accountOverview')} className="button primary">
          {i18n._(msg`Go to my account`)}
        </Link>
      ) : (
        <>
          <p>{i18n._(msg`Log in with your e-mail address and password.`)}</p>
          <LoginForm />
        </>
      )}
    </Outcome>
  );
}
