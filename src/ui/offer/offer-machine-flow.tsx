// The offer flow driven by the offer machine (product §10): every question is on screen, the machine
// asks the server for a price once all are answered and again on every change, and the binding offer
// can go into the cart (the shop actor puts it there, in place of a line of the same device where
// there is one). A device already in the cart with other answers asks first: replace that line (a
// corrected answer, the default) or add this one as another device. The machine owns the flow; this component only selects and sends. Loaded with the
// first answer (see offer-flow.tsx); the answers chosen before it arrived went to the shop actor as events.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatDate, formatPrice } from '../../i18n/format';
import { cartLineFromOffer, lineToCorrect, lineToReplace, sameAnswers, type CartPlacement } from '../../machines/cart';
import type { OfferEvent, OfferMachine } from '../../machines/offer';
import type { ShopActor } from '../../machines/shop';
import type { Device } from '../../services/catalogue/entities';
import { useCart } from '../cart/cart-provider';
import { useFocusOnMount } from '../form/focus';
import { useShopActor } from '../shop-actor';
import { useShop } from '../shop-context';
import { OfferCountdown } from './offer-countdown';
import { PriceChangeNote } from './price-change-note';
import { OfferShare } from './offer-share';
import { CONDITION_LABELS } from './conditions';
import { OfferPrice } from './offer-price';
import { AnsweringHint } from './answering-hint';
import { QuestionList } from './question-list';
import './offer.css';
import '../form/form.css';

export default function MachineOfferFlow({
  device,
  shop: shopActor,
  sharedToken,
}: {
  device: Device;
  shop: ShopActor;
  /** The token of a shared offer link the page was opened with. */
  sharedToken?: string;
}) {
  const { i18n } = useLingui();
  const shop = useShop();
  const cart = useCart();
  // The page opens the device's offer flow in the shop actor (its kept answers, or the one already
  // running for this device, which got the answers chosen before this code loaded).
  useEffect(
    () => shopActor.send({ type: 'shop.openOffer', device, ...(sharedToken !== undefined && { sharedToken }) }),
    [shopActor, device, sharedToken],
  );
  const { runtime } = useShopActor();
  const running = useSelector(shopActor, (s) => s.children.offer as ActorRefFrom<OfferMachine> | undefined);
  const offerActor = running?.getSnapshot().context.device.id === device.id ? running : undefined;
  const state = useSelector(offerActor, (s) => s);
  const send = (event: OfferEvent) => offerActor?.send(event);
  const answers = state?.context.answers ?? {};
  const offer = state?.context.offer ?? null;
  const blockedBy = state?.context.blockedBy ?? [];
  const questions = device.questions;
  const expiredOffer = state?.context.expiredOffer ?? null;
  const is = (value: 'restoring' | 'answering' | 'calculating' | 'offered' | 'blocked' | 'failed' | 'addedToCart' | 'expired') =>
    state?.matches(value) ?? false;
  const calculating = is('calculating');
  const added = is('addedToCart');

  // Where the offer goes in the cart: its own line, or the place of a line of the same device.
  const line = offer ? cartLineFromOffer(offer, device) : null;
  const inCart = line !== null && (cart.context?.offerIds.includes(line.offerId) ?? false);
  const correcting = line && !inCart && cart.context ? lineToCorrect(cart.context.cart, line, Date.now()) : null;
  const replaces = line && !inCart && !correcting && cart.context ? lineToReplace(cart.context.cart, line, Date.now(), 'another') : null;
  const sameInCart = replaces !== null && line !== null && sameAnswers(replaces.answers, line.answers);
  // "Add to cart" gives way to the confirmation: the focus follows it (not on a page that opens with the offer already in the cart).
  const [adding, setAdding] = useState(false);
  const [answersOpen, setAnswersOpen] = useState(false);
  const focusConfirmation = useFocusOnMount<HTMLParagraphElement>();
  const addToCart = (placement?: CartPlacement) => {
    setAdding(true);
    send({ type: 'offer.addToCart', ...(placement && { placement }) });
  };

  // A shared offer link (issue 32): the price, its countdown and "Add to cart" come first, the answers it
  // was made with are folded below; an expired or refused one shows the questions to answer again.
  const shared = sharedToken !== undefined && !is('expired') && !is('failed') && !is('blocked');
  const questionList = (
    <QuestionList
      questions={questions}
      answers={answers}
      // Never disabled: this list replaces the first render's under the seller's keys, and a disabled
      // list would drop the focus and the keys pressed meanwhile. Until the device's offer flow runs,
      // an answer goes to the shop actor, which opens the flow with it; while the flow restores, the
      // machine keeps answers chosen meanwhile over the stored ones.
      onChoose={(questionId, answerId) =>
        offerActor
          ? send({ type: 'offer.answer', questionId, answerId })
          : shopActor.send({ type: 'shop.answer', device, questionId, answerId })
      }
      busy={calculating}
      blocking={blockedBy.map((b) => b.questionId)}
    />
  );
  const panel = (
    <aside className="offer-panel" aria-labelledby="offer-heading">
      <h2 id="offer-heading">
        <Trans>Your offer</Trans>
      </h2>
      <div aria-live="polite" className="offer-result">
        {(!state || is('restoring') || is('answering')) && <AnsweringHint basePrice={device.basePrice} />}
        {calculating && (
          <p className="calculating" role="status">
            <span className="spinner" aria-hidden="true" /> <Trans>Calculating your offer…</Trans>
          </p>
        )}
        {(is('offered') || added) && offer && (
          <>
            <OfferPrice offer={offer} />
            <p>
              {i18n._(msg`Condition: ${i18n._(CONDITION_LABELS[offer.conditionId])}`)}
              <br />
              <Trans>Binding offer</Trans> · <OfferCountdown validUntil={offer.validUntil} />
            </p>
            {offer.priceChange && offer.kind === 'purchase' && (
              <PriceChangeNote validUntil={offer.validUntil} priceChange={offer.priceChange} />
            )}
            {/* The cart decides: a line removed since the offer went in can be added again. */}
            {!inCart && correcting ? (
              <div className="offer-correction" role="group" aria-labelledby="offer-correction-question">
                <p className="offer-in-cart" id="offer-correction-question">
                  {i18n._(
                    msg`This device is already in your cart with other answers (${formatPrice(shop.locale, correcting.price)}). Did you correct an answer, or are you selling a second one?`,
                  )}
                </p>
                <button type="button" className="button primary" onClick={() => addToCart('replace')}>
                  <Trans>Replace the one in your cart</Trans>
                </button>{' '}
                <button type="button" className="button secondary" onClick={() => addToCart('another')}>
                  <Trans>Add as a second device</Trans>
                </button>
              </div>
            ) : !inCart ? (
              <>
                {sameInCart && (
                  <p className="offer-in-cart" role="note">
                    <Trans>This device with these answers is already in your cart. Adding it again updates the offer there.</Trans>
                  </p>
                )}
                {replaces && !sameInCart && (
                  <p className="offer-in-cart" role="note">
                    <Trans>This new offer replaces the expired one in your cart.</Trans>
                  </p>
                )}
                <button type="button" className="button primary" onClick={() => addToCart()}>
                  {sameInCart ? <Trans>Update the offer in your cart</Trans> : <Trans>Add to cart</Trans>}
                </button>
              </>
            ) : (
              <div className="added" role="status">
                <p ref={adding ? focusConfirmation : undefined} tabIndex={-1} data-testid="offer-added">
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
        {(is('offered') || added) && offer && runtime && <OfferShare key={offer.offerId} offerId={offer.offerId} runtime={runtime} />}
        {is('expired') && expiredOffer && (
          <div className="offer-expired" role="status" data-testid="offer-expired">
            <p>
              <strong>{i18n._(msg`This offer expired on ${formatDate(shop.locale, expiredOffer.validUntil)}.`)}</strong>
            </p>
            <p>
              <Trans>Your answers are filled in. Prices change over time: get a new offer for the same answers.</Trans>
            </p>
            <button type="button" className="button primary" onClick={() => send({ type: 'offer.renew' })}>
              <Trans>Get a new offer</Trans>
            </button>
          </div>
        )}
        {is('blocked') && (
          <div className="offer-blocked" role="alert">
            <p>
              <Trans>We cannot buy the device with this answer.</Trans>
            </p>
            <p>
              <Trans>Please remove the device from your account (Find My / Google account) and choose the answer again.</Trans>
            </p>
          </div>
        )}
        {is('failed') && (
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
  );

  if (shared) {
    return (
      <div className="offer-flow shared">
        {panel}
        <details className="shared-answers" open={answersOpen} onToggle={(event) => setAnswersOpen(event.currentTarget.open)}>
          <summary>{i18n._(msg`The answers behind this offer`)}</summary>
          {questionList}
        </details>
      </div>
    );
  }
  return (
    <div className="offer-flow">
      {questionList}
      {panel}
    </div>
  );
}
