// The unsubscribe page of a mail link: one button (a mail scanner opening the link unsubscribes
// nobody), then the success page.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { pageCoverageInspector } from '../../contracts/actor-coverage';
import { newsletterUnsubscribeMachine } from '../../machines/newsletter';
import { newsletterActors } from '../../machines/newsletter.actors';
import { useApiClient } from '../api-context';
import { FormFailure } from '../form/form-status';
import { useShop } from '../shop-context';
import { Outcome } from './enrich-view';

export function UnsubscribeView({ emailHash }: { emailHash: string | null }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      newsletterUnsubscribeMachine.provide({
        actors: newsletterActors({ api }),
        actions: { showSuccess: () => void navigate({ to: shop.path('newsletterUnsubscribeSuccess'), replace: true }) },
      }),
    [api, navigate, shop],
  );
  const actor = useActorRef(machine, { input: { emailHash }, inspect: pageCoverageInspector() });
  const state = useSelector(actor, (s) => s);

  if (state.matches('invalidLink')) {
    return (
      <Outcome testId="newsletter-invalid-link" title={i18n._(msg`This link is not valid`)}>
        <p>
          {i18n._(
            msg`We could not find a subscription for this link. It may be incomplete, or you have already unsubscribed. Please use the link from our latest e-mail.`,
          )}
        </p>
      </Outcome>
    );
  }
  const busy = state.matches('unsubscribing') || state.matches('done');
  return (
    <div className="newsletter-unsubscribe">
      <p className="lead">
        {i18n._(msg`Do you no longer want to receive our newsletter? Unsubscribe with one click; we delete your interests with it.`)}
      </p>
      {state.matches('failed') && <FormFailure failure={state.context.failure} onRetry={() => actor.send({ type: 'unsubscribe.retry' })} />}
      {!state.matches('failed') && (
        <button
          type="button"
          className="button primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => actor.send({ type: 'unsubscribe.confirm' })}
        >
          {busy ? i18n._(msg`Unsubscribing…`) : i18n._(msg`Unsubscribe`)}
        </button>
      )}
    </div>
  );
}
