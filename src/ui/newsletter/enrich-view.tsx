// The enrich page: opened from the confirmation link it confirms the subscription first; then the
// subscriber adds a first name and the device categories that interest them. Logged in without a
// link, the account's subscription is the one shown.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { pageCoverageInspector } from '../../contracts/actor-coverage';
import { CATEGORY_KEYS } from '../../config/categories';
import { FIRST_NAME_MAX } from '../../contracts/newsletter';
import { newsletterEnrichMachine } from '../../machines/newsletter';
import { newsletterActors } from '../../machines/newsletter.actors';
import { useApiClient } from '../api-context';
import { useFocusFirstError, useFocusOnMount } from '../form/focus';
import { FormFailure, SavedNote } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { TextField } from '../form/text-field';
import { useShop } from '../shop-context';
import { INTEREST_LABELS } from './interests';
import '../form/form.css';
import './newsletter.css';

export interface EnrichViewProps {
  readonly emailHash: string | null;
  readonly confirmToken: string | null;
  readonly loggedIn: boolean;
  readonly accessToken: () => Promise<string>;
}

export function EnrichView({ emailHash, confirmToken, loggedIn, accessToken }: EnrichViewProps) {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const machine = useMemo(() => newsletterEnrichMachine.provide({ actors: newsletterActors({ api, accessToken }) }), [api, accessToken]);
  const actor = useActorRef(machine, { input: { emailHash, confirmToken, loggedIn }, inspect: pageCoverageInspector() });
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(context.errors);

  if (state.matches('confirming') || state.matches('loading') || state.matches('finding') || state.matches('start')) {
    return (
      <p className="lead" role="status" aria-busy="true">
        {state.matches('confirming') ? i18n._(msg`Confirming your subscription…`) : i18n._(msg`Loading…`)}
      </p>
    );
  }
  if (state.matches('failed')) {
    return <FormFailure failure={context.failure} onRetry={() => actor.send({ type: 'enrich.retry' })} />;
  }
  if (state.matches('invalidLink')) {
    return (
      <Outcome testId="newsletter-invalid-link" title={i18n._(msg`This link is not valid any more`)}>
        <p>
          {i18n._(
            msg`The link may be incomplete, expired, or you have unsubscribed meanwhile. Please sign up again with the form at the bottom of the page.`,
          )}
        </p>
      </Outcome>
    );
  }
  if (state.matches('notSubscribed')) {
    return (
      <Outcome testId="newsletter-not-subscribed" title={i18n._(msg`You do not receive our newsletter yet`)}>
        <p>{i18n._(msg`Sign up with the form at the bottom of the page. After you confirm, you can choose your interests here.`)}</p>
        {loggedIn && <Link to={shop.path('accountOverview')}>{i18n._(msg`Or subscribe in your account`)}</Link>}
      </Outcome>
    );
  }

  const saving = state.matches('saving');
  const hash = context.emailHash;
  return (
    <div className="newsletter-enrich">
      {context.confirmed && <ConfirmedNote />}
      {state.matches('saved') ? (
        <div className="account-outcome">
          <SavedNote>{i18n._(msg`Thank you! Your preferences are saved.`)}</SavedNote>
          <button type="button" className="button secondary" onClick={() => actor.send({ type: 'enrich.edit' })}>
            {i18n._(msg`Change preferences`)}
          </button>
        </div>
      ) : (
        <form
          ref={form}
          className="account-form"
          noValidate
          aria-labelledby="newsletter-enrich-heading"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'enrich.submit' });
            if (Object.keys(actor.getSnapshot().context.errors).length > 0) setRefused((n) => n + 1);
          }}
        >
          <h2 id="newsletter-enrich-heading">{i18n._(msg`What interests you?`)}</h2>
          <p className="lead">
            {i18n._(msg`Tell us your first name and the devices you might sell, and we only send you what fits. Both are optional.`)}
          </p>
          <TextField
            name="firstName"
            autoComplete="given-name"
            maxLength={FIRST_NAME_MAX}
            label={i18n._(msg`First name (optional)`)}
            value={context.firstName}
            error={errorOf('firstName')}
            onValue={(value) => actor.send({ type: 'enrich.changeName', value })}
          />
          <fieldset className="interests">
            <legend>{i18n._(msg`Devices`)}</legend>
            <ul>
              {CATEGORY_KEYS.map((key) => (
                <li key={key}>
                  <label>
                    <input
                      type="checkbox"
                      name="interests"
                      value={key}
                      checked={context.interests.includes(key)}
                      onChange={() => actor.send({ type: 'enrich.toggleInterest', interest: key })}
                    />{' '}
                    {i18n._(INTEREST_LABELS[key])}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <FormFailure
            failure={context.failure}
            texts={{ network: msg`We could not save your preferences right now. Nothing is lost: please try again.` }}
          />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
              {saving ? i18n._(msg`Saving…`) : i18n._(msg`Save preferences`)}
            </button>
          </div>
        </form>
      )}
      {hash !== '' && (
        <p className="newsletter-leave">
          <Link to={shop.path('newsletterUnsubscribe', { emailHash: hash })}>{i18n._(msg`Unsubscribe from the newsletter`)}</Link>
        </p>
      )}
    </div>
  );
}

function ConfirmedNote() {
  const { i18n } = useLingui();
  const focus = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p className="form-success" role="status" tabIndex={-1} ref={focus} data-testid="newsletter-confirmed">
      {i18n._(msg`Thank you! Your subscription is confirmed.`)}
    </p>
  );
}

export function Outcome({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="account-outcome" data-testid={testId}>
      <h2 tabIndex={-1} ref={focus}>
        {title}
      </h2>
      {children}
    </div>
  );
}
