// The sign-up form driven by the newsletter machine (src/machines/newsletter.ts): after a sign-up it
// says the same for every address — "please confirm with the link we sent" (no enumeration).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pageCoverageInspector } from '../../contracts/actor-coverage';
import type { NewsletterSource } from '../../contracts/newsletter';
import { newsletterMachine } from '../../machines/newsletter';
import { newsletterActors } from '../../machines/newsletter.actors';
import { useApiClient } from '../api-context';
import { useFocusFirstError, useFocusOnMount } from '../form/focus';
import { FormFailure } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { SignUpFrame } from './sign-up-frame';

export default function SignUpForm({
  source,
  initialEmail,
  autoFocus,
  submitAtOnce = false,
}: {
  source: NewsletterSource;
  initialEmail: string;
  autoFocus: boolean;
  /** The seller sent the stand-in form before this one loaded. */
  submitAtOnce?: boolean;
}) {
  const api = useApiClient();
  const machine = useMemo(() => newsletterMachine.provide({ actors: newsletterActors({ api }) }), [api]);
  // Whatever was typed before this form loaded comes along.
  const actor = useActorRef(machine, { input: { source, email: initialEmail }, inspect: pageCoverageInspector() });
  // One event on arrival: the submit the seller made on the stand-in.
  const [sendsAtOnce] = useState(submitAtOnce);
  useEffect(() => {
    if (sendsAtOnce) actor.send({ type: 'newsletter.submit' });
  }, [actor, sendsAtOnce]);
  const state = useSelector(actor, (s) => s);
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(state.context.errors);

  if (state.matches('sent')) return <SignUpSent source={source} email={state.context.email.trim()} />;
  const { failure } = state.context;
  const problem = state.matches('failed') ? (
    <FormFailure
      failure={failure}
      texts={{ network: msg`We could not sign you up right now. Please try again.` }}
      onRetry={failure === 'network' ? () => actor.send({ type: 'newsletter.retry' }) : undefined}
    />
  ) : null;
  return (
    <SignUpFrame
      source={source}
      formRef={form}
      email={state.context.email}
      onEmail={(value) => actor.send({ type: 'newsletter.change', value })}
      onSubmit={() => {
        actor.send({ type: 'newsletter.submit' });
        if (Object.keys(actor.getSnapshot().context.errors).length > 0) setRefused((n) => n + 1);
      }}
      sending={state.matches('sending')}
      error={errorOf('email')}
      problem={problem}
      autoFocus={autoFocus}
    />
  );
}

function SignUpSent({ source, email }: { source: NewsletterSource; email: string }) {
  const { i18n } = useLingui();
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className={`newsletter-signup newsletter-${source}`} data-testid={`newsletter-${source}-sent`} role="status">
      <h2 tabIndex={-1} ref={focus}>
        {i18n._(msg`Please confirm your subscription`)}
      </h2>
      <p>{i18n._(msg`We have sent an e-mail to ${email}. Please open the link in it to confirm that you want our newsletter.`)}</p>
      <p className="field-hint">{i18n._(msg`No e-mail after a few minutes? Please also look in your spam folder.`)}</p>
    </div>
  );
}
