// The account overview's newsletter box: whether the customer receives the newsletter of this shop,
// and the switch. The account e-mail is verified, so subscribing here needs no confirmation mail.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { newsletterSubscriptionMachine } from '../../machines/newsletter';
import { newsletterActors } from '../../machines/newsletter.actors';
import { useApiClient } from '../api-context';
import { FormFailure } from '../form/form-status';
import { useShop } from '../shop-context';
import '../form/form.css';

export function AccountNewsletter({ accessToken }: { accessToken: () => Promise<string> }) {
  const shop = useShop();
  if (!shop.country.features.hasNewsletter) return null;
  return <Subscription accessToken={accessToken} />;
}

function Subscription({ accessToken }: { accessToken: () => Promise<string> }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const machine = useMemo(
    () => newsletterSubscriptionMachine.provide({ actors: newsletterActors({ api, accessToken }) }),
    [api, accessToken],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s);
  const { status, failure, changed } = state.context;
  const subscribed = status === 'subscribed';
  const saving = state.matches('saving');

  return (
    <section className="account-newsletter" aria-labelledby="account-newsletter-heading" data-testid="account-newsletter">
      <h2 id="account-newsletter-heading">{i18n._(msg`Newsletter`)}</h2>
      {state.matches('loading') && <p role="status">{i18n._(msg`Loading…`)}</p>}
      {state.matches('loadFailed') && <FormFailure failure={failure} onRetry={() => actor.send({ type: 'subscription.retry' })} />}
      {(state.matches('shown') || saving) && (
        <>
          <p role="status" data-status={status}>
            {subscribed
              ? i18n._(msg`You receive our newsletter at your account's e-mail address.`)
              : i18n._(msg`You do not receive our newsletter.`)}
            {changed === 'subscribed' && subscribed && ` ${i18n._(msg`Welcome aboard!`)}`}
          </p>
          <FormFailure failure={failure} otherwise={msg`This did not work right now. Please try again.`} />
          <div className="form-actions">
            <button
              type="button"
              className={subscribed ? 'button secondary' : 'button primary'}
              disabled={saving}
              aria-busy={saving || undefined}
              onClick={() => actor.send({ type: 'subscription.toggle' })}
            >
              {subscribed ? i18n._(msg`Unsubscribe`) : i18n._(msg`Subscribe to the newsletter`)}
            </button>
            {subscribed && <Link to={shop.path('newsletterEnrich')}>{i18n._(msg`Choose your interests`)}</Link>}
          </div>
        </>
      )}
    </section>
  );
}
