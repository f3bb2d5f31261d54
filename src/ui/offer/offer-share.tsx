// "Copy link" and "E-mail me this offer" under an offer (issue 18 part 1), driven by the offer share
// machine (src/machines/offer-share.ts): this component selects and sends. The mail form answers the
// same for every address; a logged-in customer finds the offer in the account afterwards.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { offerShareMachine, type OfferShareFailure } from '../../machines/offer-share';
import { copyToClipboard, offerShareActors } from '../../machines/offer-share.actors';
import type { ShopRuntime } from '../../machines/shop.runtime';
import { useApiClient } from '../api-context';
import { useFocusOnMount } from '../form/focus';
import { FormFailure, type FailureText } from '../form/form-status';
import { TextField } from '../form/text-field';
import '../form/form.css';
import './offer.css';

// Every kind has its words here: a device page loads the shop's catalog only, not the form kit's.
const FAILURES = {
  network: msg`That did not work. Please try again.`,
  rateLimited: msg`Too many attempts. Please wait a minute and try again.`,
  expired: msg`This offer has expired. Please get a new offer.`,
} as const satisfies Record<OfferShareFailure, FailureText>;

export function OfferShare({ offerId, runtime }: { offerId: string; runtime: ShopRuntime }) {
  const { i18n } = useLingui();
  const api = useApiClient();
  const machine = useMemo(
    () =>
      offerShareMachine.provide({
        actors: offerShareActors({
          api,
          accessToken: () => runtime.tokens.accessToken(),
          origin: window.location.origin,
          copy: copyToClipboard,
        }),
      }),
    [api, runtime],
  );
  const actor = useActorRef(machine, { input: { offerId } });
  const state = useSelector(actor, (s) => s);
  const { link, copied, email, errors, linkFailure, mailFailure } = state.context;

  return (
    <div className="offer-share">
      <div className="offer-share-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => actor.send({ type: 'share.copyLink' })}
          disabled={state.matches({ link: 'creating' })}
        >
          {i18n._(msg`Copy link`)}
        </button>
        {!state.matches({ mail: 'editing' }) && !state.matches({ mail: 'sending' }) && (
          <button type="button" className="button secondary" onClick={() => actor.send({ type: 'share.openMail' })}>
            {i18n._(msg`E-mail me this offer`)}
          </button>
        )}
      </div>
      {state.matches({ link: 'ready' }) && link && (
        <div className="offer-share-link" role="status">
          <p>
            {copied
              ? i18n._(msg`Link copied. It opens this offer while it is valid.`)
              : i18n._(msg`Copy this link to open the offer later:`)}
          </p>
          <input
            type="text"
            readOnly
            value={link}
            aria-label={i18n._(msg`Link to this offer`)}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="offer-share-link"
          />
        </div>
      )}
      {state.matches({ link: 'failed' }) && <FormFailure failure={linkFailure} texts={FAILURES} />}
      {(state.matches({ mail: 'editing' }) || state.matches({ mail: 'sending' }) || state.matches({ mail: 'failed' })) && (
        <form
          className="offer-share-mail"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'share.submit' });
          }}
        >
          <TextField
            label={i18n._(msg`Your e-mail address`)}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onValue={(value) => actor.send({ type: 'share.change', value })}
            error={errors.email ? i18n._(msg`Please enter a valid e-mail address.`) : undefined}
            hint={i18n._(msg`We send you this offer with its link. No account or newsletter needed.`)}
            autoFocus
          />
          <button type="submit" className="button primary" disabled={state.matches({ mail: 'sending' })}>
            {state.matches({ mail: 'sending' }) ? i18n._(msg`Sending…`) : i18n._(msg`Send the offer`)}
          </button>
          {state.matches({ mail: 'failed' }) && (
            <FormFailure
              failure={mailFailure}
              texts={FAILURES}
              onRetry={mailFailure === 'network' ? () => actor.send({ type: 'share.retry' }) : undefined}
            />
          )}
        </form>
      )}
      {state.matches({ mail: 'sent' }) && <MailSent email={email.trim()} />}
    </div>
  );
}

function MailSent({ email }: { email: string }) {
  const { i18n } = useLingui();
  const focus = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p className="form-success" role="status" tabIndex={-1} ref={focus} data-testid="offer-mail-sent">
      {i18n._(msg`We have sent the offer to ${email}. Please also look in your spam folder.`)}
    </p>
  );
}
