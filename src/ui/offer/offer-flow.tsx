// The condition questions of a device and its live offer (DESIGN.md §6): every question is on screen,
// the offer machine asks the server for a price once all are answered, and the binding offer can go
// into the cart. The machine owns the flow; this component only shows it and sends events.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { formatDate, formatPrice } from '../../i18n/format';
import { cartLineFromOffer } from '../../machines/cart';
import { offerActors, offerMachine } from '../../machines/offer';
import type { Device } from '../../services/catalogue/entities';
import { useApiClient } from '../api-context';
import { useCart } from '../cart/cart-provider';
import { useShop } from '../shop-context';
import { CONDITION_LABELS } from './conditions';

export function OfferFlow({ device }: { device: Device }) {
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
  const [state, send] = useMachine(machine, { input: { device } });
  const { answers, offer, blockedBy } = state.context;
  const resultRef = useRef<HTMLDivElement>(null);
  const questions = device.questions;
  const answeredCount = questions.filter((q) => answers[String(q.id)] !== undefined).length;
  const settled = state.matches('offered') || state.matches('blocked') || state.matches('failed');
  const calculating = state.matches('calculating');
  const added = state.matches('addedToCart');

  const choose = (questionId: number, answerId: number) => {
    if (settled) send({ type: 'offer.change', questionId });
    send({ type: 'offer.answer', questionId, answerId });
  };

  return (
    <div className="offer-flow">
      <form className="questions" onSubmit={(e) => e.preventDefault()} aria-describedby="offer-progress">
        <p id="offer-progress" className="progress">
          {i18n._(msg`${answeredCount} of ${questions.length} questions answered`)}
        </p>
        {questions.map((question, index) => {
          const chosen = answers[String(question.id)];
          const blocking = blockedBy.some((b) => b.questionId === question.id);
          return (
            <fieldset key={question.id} className={blocking ? 'question blocking' : 'question'} disabled={calculating || added} data-code={question.code}>
              <legend>
                <span className="question-number">{index + 1}.</span> {question.question}
              </legend>
              {question.description && <p className="question-description">{question.description}</p>}
              <div className="answers">
                {question.answers.map((answer) => (
                  <label key={answer.id} className={chosen === answer.id ? 'answer chosen' : 'answer'}>
                    <input
                      type="radio"
                      name={`q-${question.id}`}
                      value={answer.id}
                      data-code={answer.code}
                      checked={chosen === answer.id}
                      onChange={() => choose(question.id, answer.id)}
                    />
                    <span>{answer.text}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
      </form>

      <aside className="offer-panel" aria-labelledby="offer-heading">
        <h2 id="offer-heading">
          <Trans>Your offer</Trans>
        </h2>
        <div ref={resultRef} aria-live="polite" className="offer-result">
          {state.matches('answering') && (
            <p>
              <Trans>Answer all questions to see your binding offer.</Trans>{' '}
              {i18n._(msg`Up to ${formatPrice(shop.locale, device.basePrice)} for a device like new.`)}
            </p>
          )}
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
