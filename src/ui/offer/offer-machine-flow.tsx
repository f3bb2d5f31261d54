// The offer flow driven by the offer machine (DESIGN.md §6): every question is on screen, the machine
// asks the server for a price once all are answered, and the binding offer can go into the cart. The
// machine owns the flow; this component only shows it and sends events. Loaded after the first render
// (see offer-flow.tsx), it takes over the answers chosen before it arrived.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { formatDate, formatPrice } from '../../i18n/format';
import { cartLineFromOffer } from '../../machines/cart';
import { offerActors, offerMachine } from '../../machines/offer';
import { pageCoverageInspector } from '../../services/actor-coverage';
import type { Device } from '../../services/catalogue/entities';
import { useApiClient } from '../api-context';
import { useCart } from '../cart/cart-provider';
import { useShop } from '../shop-context';
import { CONDITION_LABELS } from './conditions';
import { AnsweringHint } from './offer-flow';
import { QuestionList } from './question-list';

export default function MachineOfferFlow({ device, initialAnswers }: { device: Device; initialAnswers: Readonly<Record<string, number>> }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const cart = useCart();
  const api = useApiClient();
  const machine = useMemo(
    () =>
      offerMachine.provide({
        actors: offerActors({ api, loadDevice: () => Promise.reject(new Error('the route loads the device')) }),
      }),
    [api],
  );
  const [state, send] = useMachine(machine, { input: { device }, inspect: pageCoverageInspector() });
  // Replays the answers chosen before the machine loaded, once; later ones arrive as events.
  const [replayed] = useState(initialAnswers);
  useEffect(() => {
    for (const [questionId, answerId] of Object.entries(replayed)) send({ type: 'offer.answer', questionId: Number(questionId), answerId });
  }, [replayed, send]);
  const { answers, offer, blockedBy } = state.context;
  const questions = device.questions;
  const settled = state.matches('offered') || state.matches('blocked') || state.matches('failed');
  const calculating = state.matches('calculating');
  const added = state.matches('addedToCart');

  const choose = (questionId: number, answerId: number) => {
    if (settled) send({ type: 'offer.change', questionId });
    send({ type: 'offer.answer', questionId, answerId });
  };

  return (
    <div className="offer-flow">
      <QuestionList
        questions={questions}
        answers={answers}
        onChoose={choose}
        disabled={calculating || added}
        blocking={blockedBy.map((b) => b.questionId)}
      />

      <aside className="offer-panel" aria-labelledby="offer-heading">
        <h2 id="offer-heading">
          <Trans>Your offer</Trans>
        </h2>
        <div aria-live="polite" className="offer-result">
          {state.matches('answering') && <AnsweringHint basePrice={device.basePrice} />}
          {calculating && (
            <p className="calculating" role="status">
              <span className="spinner" aria-hidden="true" /> <Trans>Calculating your offer…</Trans>
            </p>
          )}
          {(state.matches('offered') || added) && offer && (
            <>
              {offer.kind === 'purchase' ? (
                <p className="offer-price" data-testid="offer-price">
                  {formatPrice(shop.locale, offer.price)}
                </p>
              ) : (
                <p className="offer-recycling">
                  <Trans>We cannot pay for this device, but we recycle it for free and erase your data.</Trans>
                </p>
              )}
              <p>
                {i18n._(msg`Condition: ${i18n._(CONDITION_LABELS[offer.conditionId])}`)}
                <br />
                {i18n._(msg`Binding offer, valid until ${formatDate(shop.locale, offer.validUntil)}`)}
              </p>
              {!added ? (
                <button
                  type="button"
                  className="button primary"
                  disabled={!cart.ready}
                  onClick={() => {
                    cart.send({ type: 'cart.add', line: cartLineFromOffer(offer, device) });
                    send({ type: 'offer.addToCart' });
                  }}
                >
                  <Trans>Add to cart</Trans>
                </button>
              ) : (
                <div className="added" role="status">
                  <p>
                    <Trans>The offer is in your cart.</Trans>
                  </p>
                  <Link to={shop.path('checkout')} className="button primary">
                    <Trans>Go to cart</Trans>
                  </Link>{' '}
                  <Link to={shop.path('home')} className="button secondary">
                    <Trans>Sell another device</Trans>
                  </Link>
                </div>
              )}
            </>
          )}
          {state.matches('blocked') && (
            <div className="offer-blocked" role="alert">
              <p>
                <Trans>We cannot buy the device with this answer.</Trans>
              </p>
              <p>
                <Trans>Please remove the device from your account (Find My / Google account) and choose the answer again.</Trans>
              </p>
            </div>
          )}
          {state.matches('failed') && (
            <div className="offer-failed" role="alert">
              <p>
                <Trans>We could not calculate your offer. Your answers are kept.</Trans>
              </p>
              <button type="button" className="button" onClick={() => send({ type: 'offer.retry' })}>
                <Trans>Try again</Trans>
              </button>
            </div>
          )}
        </div>
      </aside>
    </div>
  );
}
