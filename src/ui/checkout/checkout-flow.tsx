// The checkout of the cart (DESIGN.md §7): identity (guest) → address → payout → review → submit,
// driven by the checkout machine and restored from IndexedDB in whatever step a reload found it.
// On success the cart is emptied, the transactionId set, the trade event pushed, and the seller
// moves on to the thank-you page, which reads the finished checkout.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { VoucherCheckRequest } from '../../contracts/trades';
import { formatPrice } from '../../i18n/format';
import { cartTotal, type CartContext } from '../../machines/cart';
import { SubmitTradeError, checkoutMachine, stepOrder, type CheckoutField, type CheckoutStep, type SubmitTradeInput } from '../../machines/checkout';
import { errorBody, statusOf } from '../../services/api-client';
import { persistActor, restoreSnapshot } from '../../services/persistence';
import { pushDataLayer } from '../../services/data-layer';
import { pushTradeCreated } from '../../services/trade-events';
import { checkVoucher, submitTrade } from '../../services/trades';
import { useApiClient } from '../api-context';
import { useCart } from '../cart/cart-provider';
import { useShop } from '../shop-context';
import { FIELD_MESSAGES, POSTAL_CODE_EXAMPLES, postalCodeMessage } from './field-messages';
import { TextField } from './text-field';

export const CHECKOUT_STORAGE_KEY = 'checkout-flow';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

const STEP_LABELS: Record<CheckoutStep, ReturnType<typeof msg>> = {
  identity: msg`Your e-mail`,
  address: msg`Address`,
  payout: msg`Payout`,
  review: msg`Review`,
};

/** Loads a checkout in progress (not a finished one) before the form renders. */
export function CheckoutFlow({ cart }: { cart: CartContext }) {
  const [restored, setRestored] = useState<{ snapshot: CheckoutSnapshot | undefined } | null>(null);
  useEffect(() => {
    void restoreSnapshot(checkoutMachine, CHECKOUT_STORAGE_KEY).then((snapshot) => {
      const open = snapshot && (snapshot as CheckoutSnapshot).status === 'active' ? (snapshot as CheckoutSnapshot) : undefined;
      setRestored({ snapshot: open });
    });
  }, []);
  if (!restored) {
    return (
      <p role="status">
        <Trans>Loading your checkout…</Trans>
      </p>
    );
  }
  return <CheckoutSteps cart={cart} snapshot={restored.snapshot} />;
}

function CheckoutSteps({ cart, snapshot }: { cart: CartContext; snapshot: CheckoutSnapshot | undefined }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const navigate = useNavigate();
  const cartHandle = useCart();
  const api = useApiClient();
  const total = cartTotal(cart.cart);
  const offerIds = cart.cart.map((l) => l.offerId);

  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          checkVoucher: fromPromise(async ({ input }: { input: VoucherCheckRequest }) => checkVoucher(await api(), input)),
          submitTrade: fromPromise(async ({ input }: { input: SubmitTradeInput }) => {
            try {
              return await submitTrade(await api(), input.request, input.idempotencyKey);
            } catch (error) {
              throw new SubmitTradeError({ status: statusOf(error), body: errorBody(error) }, { cause: error });
            }
          }),
        },
      }),
    [api],
  );
  const actor = useActorRef(machine, {
    input: { locale: shop.locale, cartOfferIds: offerIds, cartTotal: total, b2b: cart.B2BMode },
    ...(snapshot ? { snapshot } : {}),
  });
  const state = useSelector(actor, (s) => s);
  const { context } = state;

  useEffect(() => {
    const persisted = persistActor(actor, CHECKOUT_STORAGE_KEY, { debounceMs: 0 });
    return () => void persisted.stop();
  }, [actor]);

  // The cart may change (a removed line, a re-quoted offer): the checkout follows it.
  const offerIdsKey = offerIds.join(',');
  useEffect(() => {
    actor.send({ type: 'checkout.cartChanged', offerIds: offerIdsKey ? offerIdsKey.split(',') : [], cartTotal: total });
  }, [actor, offerIdsKey, total]);

  // Tracking hooks of the voucher check (spec §7 data layer).
  const voucherCode = context.voucher?.code;
  const voucherValue = context.voucher?.value;
  const voucherError = context.voucherError;
  useEffect(() => {
    if (voucherCode) pushDataLayer({ event: 'voucher_success', voucherCode, voucherValue });
  }, [voucherCode, voucherValue]);
  useEffect(() => {
    if (voucherError) pushDataLayer({ event: 'voucher_fail', voucherCode: actor.getSnapshot().context.voucherCode, reason: voucherError });
  }, [voucherError, actor]);

  // Success: empty the cart, keep the transactionId, report the trade, show the thank-you page.
  const trade = context.trade;
  const done = state.matches('done');
  useEffect(() => {
    if (!done || !trade) return;
    const categories = new Map(cart.cart.map((l) => [l.deviceId, l.category]));
    pushTradeCreated(trade, (id) => categories.get(id));
    cartHandle.send({ type: 'cart.clear' });
    cartHandle.send({ type: 'cart.setTransactionId', value: trade.transactionId });
    cartHandle.send({ type: 'cart.setPaymentType', value: context.paymentType });
    cartHandle.send({ type: 'cart.setPayPalTransaction', value: context.isPayPalTransaction });
    void navigate({ to: shop.path('thankYou') });
    // Runs once, when the checkout finishes.
  }, [done]);

  const step: CheckoutStep = state.matches('identity')
    ? 'identity'
    : state.matches('address')
      ? 'address'
      : state.matches('payout')
        ? 'payout'
        : 'review';
  const submitting = state.matches('submitting') || state.matches('done');
  const send = actor.send;
  const change = (field: CheckoutField) => (value: string) => send({ type: 'checkout.change', field, value });
  const errorOf = (path: string): string | undefined => {
    if (!context.errors[path]) return undefined;
    if (path === 'address.postalCode') return i18n._(postalCodeMessage(POSTAL_CODE_EXAMPLES[shop.locale]));
    const known = FIELD_MESSAGES[path];
    return known ? i18n._(known) : i18n._(msg`Please check this field.`);
  };

  return (
    <section className="checkout" aria-labelledby="checkout-heading">
      <h2 id="checkout-heading">
        <Trans>Sell your devices</Trans>
      </h2>
      <ol className="checkout-steps">
        {stepOrder.map((s, index) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} className={s === step ? 'current' : undefined}>
            <button type="button" disabled={submitting} onClick={() => send({ type: 'checkout.goTo', step: s })}>
              <span className="step-number">{index + 1}</span> {i18n._(STEP_LABELS[s])}
            </button>
          </li>
        ))}
      </ol>

      <form
        className="checkout-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: step === 'review' ? 'checkout.submit' : 'checkout.next' });
        }}
      >
        {step === 'identity' && (
          <fieldset>
            <legend>{i18n._(msg`Continue as a guest`)}</legend>
            <p className="field-hint">{i18n._(msg`We send your confirmation and the free shipping label to this address.`)}</p>
            <TextField name="identity.email" type="email" autoComplete="email" label={i18n._(msg`E-mail address`)} value={context.identity.email} error={errorOf('identity.email')} onValue={change('identity.email')} />
          </fieldset>
        )}

        {step === 'address' && (
          <fieldset>
            <legend>{i18n._(msg`Where do we pick up the parcel from?`)}</legend>
            <div className="field-row">
              <TextField name="address.firstName" autoComplete="given-name" label={i18n._(msg`First name`)} value={context.address.firstName} error={errorOf('address.firstName')} onValue={change('address.firstName')} />
              <TextField name="address.lastName" autoComplete="family-name" label={i18n._(msg`Last name`)} value={context.address.lastName} error={errorOf('address.lastName')} onValue={change('address.lastName')} />
            </div>
            <div className="field-row">
              <TextField name="address.street" autoComplete="address-line1" label={i18n._(msg`Street`)} value={context.address.street} error={errorOf('address.street')} onValue={change('address.street')} />
              <TextField name="address.houseNumber" label={i18n._(msg`House number`)} value={context.address.houseNumber} error={errorOf('address.houseNumber')} onValue={change('address.houseNumber')} className="short" />
            </div>
            <div className="field-row">
              <TextField name="address.postalCode" autoComplete="postal-code" inputMode="numeric" label={i18n._(msg`Postal code`)} value={context.address.postalCode} error={errorOf('address.postalCode')} onValue={change('address.postalCode')} className="short" />
              <TextField name="address.city" autoComplete="address-level2" label={i18n._(msg`City`)} value={context.address.city} error={errorOf('address.city')} onValue={change('address.city')} />
            </div>
            <TextField name="address.phone" type="tel" autoComplete="tel" label={i18n._(msg`Phone (optional)`)} value={context.address.phone} error={errorOf('address.phone')} onValue={change('address.phone')} />
            <p className="field-hint">{i18n._(msg`Country: ${countryName(shop.locale)}`)}</p>
          </fieldset>
        )}

        {step === 'payout' && (
          <fieldset>
            <legend>{i18n._(msg`How would you like to be paid?`)}</legend>
            <div className="payout-methods" role="radiogroup">
              <label className={context.payout.method === 'sepa' ? 'answer chosen' : 'answer'}>
                <input type="radio" name="payout.method" value="sepa" checked={context.payout.method === 'sepa'} onChange={() => send({ type: 'checkout.selectPayout', method: 'sepa' })} />
                <span>{i18n._(msg`Bank transfer (SEPA)`)}</span>
              </label>
              <label className={context.payout.method === 'paypal' ? 'answer chosen' : 'answer'}>
                <input type="radio" name="payout.method" value="paypal" checked={context.payout.method === 'paypal'} onChange={() => send({ type: 'checkout.selectPayout', method: 'paypal' })} />
                <span>PayPal</span>
              </label>
            </div>
            {context.payout.method === 'sepa' ? (
              <>
                <TextField name="payout.accountHolder" autoComplete="name" label={i18n._(msg`Account holder`)} value={context.payout.accountHolder} error={errorOf('payout.accountHolder')} onValue={change('payout.accountHolder')} />
                <TextField name="payout.iban" autoComplete="off" label="IBAN" value={context.payout.iban} error={errorOf('payout.iban')} onValue={change('payout.iban')} spellCheck={false} />
                <TextField name="payout.bic" autoComplete="off" label="BIC" value={context.payout.bic} error={errorOf('payout.bic')} onValue={change('payout.bic')} spellCheck={false} className="short" />
              </>
            ) : (
              <TextField name="payout.email" type="email" autoComplete="email" label={i18n._(msg`PayPal e-mail address`)} value={context.payout.email} error={errorOf('payout.email')} onValue={change('payout.email')} />
            )}
          </fieldset>
        )}

        {step === 'review' && (
          <fieldset>
            <legend>{i18n._(msg`Check and send`)}</legend>
            <dl className="review-summary">
              <dt>{i18n._(msg`E-mail address`)}</dt>
              <dd>{context.identity.email}</dd>
              <dt>{i18n._(msg`Address`)}</dt>
              <dd>
                {context.address.firstName} {context.address.lastName}, {context.address.street} {context.address.houseNumber}, {context.address.postalCode} {context.address.city}
              </dd>
              <dt>{i18n._(msg`Payout`)}</dt>
              <dd>{context.payout.method === 'paypal' ? `PayPal · ${context.payout.email}` : `SEPA · ${context.payout.iban}`}</dd>
            </dl>
            <div className="voucher">
              <TextField
                name="voucherCode"
                label={i18n._(msg`Voucher code (optional)`)}
                value={context.voucherCode}
                onValue={change('voucherCode')}
                error={context.voucherError ? voucherMessage(i18n, context.voucherError) : undefined}
                hint={context.voucher ? i18n._(msg`Voucher applied: +${formatPrice(shop.locale, context.voucher.value)}`) : undefined}
              />
              {context.voucher ? (
                <button type="button" className="button secondary" onClick={() => send({ type: 'checkout.removeVoucher' })}>
                  {i18n._(msg`Remove voucher`)}
                </button>
              ) : (
                <button type="button" className="button secondary" disabled={state.matches({ review: 'checkingVoucher' })} onClick={() => send({ type: 'checkout.applyVoucher' })}>
                  {i18n._(msg`Apply voucher`)}
                </button>
              )}
            </div>
            <p className="checkout-total">
              <span>{i18n._(msg`You receive`)}</span> <strong data-testid="checkout-total">{formatPrice(shop.locale, total + (context.voucher?.value ?? 0))}</strong>
            </p>
            <div className={context.errors.termsAccepted ? 'field invalid' : 'field'}>
              <label className="checkbox">
                <input type="checkbox" name="termsAccepted" checked={context.termsAccepted} onChange={(e) => send({ type: 'checkout.acceptTerms', value: e.target.checked })} />
                <span>{i18n._(msg`I accept the terms and conditions and the privacy policy.`)}</span>
              </label>
              {context.errors.termsAccepted && (
                <p className="field-error" role="alert" data-field="termsAccepted">
                  {errorOf('termsAccepted')}
                </p>
              )}
            </div>
            {context.submitError && <SubmitProblem kind={context.submitError.kind} onRetry={() => send({ type: 'checkout.retry' })} />}
          </fieldset>
        )}

        <div className="checkout-actions">
          {step !== 'identity' && (
            <button type="button" className="button secondary" disabled={submitting} onClick={() => send({ type: 'checkout.back' })}>
              {i18n._(msg`Back`)}
            </button>
          )}
          <button type="submit" className="button primary" disabled={submitting}>
            {submitting ? i18n._(msg`Sending…`) : step === 'review' ? i18n._(msg`Sell now`) : i18n._(msg`Continue`)}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The shop country in the shop's language (the address country is fixed by the shop). */
const COUNTRY_NAMES = { default: 'Germany', de: 'Deutschland', at: 'Österreich', es: 'España', fr: 'France', it: 'Italia' } as const;
const countryName = (locale: keyof typeof COUNTRY_NAMES): string => COUNTRY_NAMES[locale];

function voucherMessage(i18n: ReturnType<typeof useLingui>['i18n'], reason: string): string {
  switch (reason) {
    case 'expired':
      return i18n._(msg`This voucher has expired.`);
    case 'minimum_total':
      return i18n._(msg`Your cart does not reach the minimum value of this voucher yet.`);
    case 'already_used':
      return i18n._(msg`You have already used this voucher.`);
    case 'not_in_this_shop':
      return i18n._(msg`This voucher is not valid in this shop.`);
    case 'network':
      return i18n._(msg`We could not check the voucher. Please try again.`);
    default:
      return i18n._(msg`We do not know this voucher code.`);
  }
}

function SubmitProblem({ kind, onRetry }: { kind: string; onRetry: () => void }) {
  const { i18n } = useLingui();
  if (kind === 'network') {
    return (
      <div className="submit-error" role="alert">
        <p>{i18n._(msg`We could not send your trade. Nothing is lost: please try again.`)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {i18n._(msg`Try again`)}
        </button>
      </div>
    );
  }
  const text =
    kind === 'expired'
      ? msg`Some offers in your cart have expired. Please get a new offer for them.`
      : kind === 'used'
        ? msg`Some offers in your cart were already sold. Please remove them from the cart.`
        : kind === 'b2bCap'
          ? msg`A business trade-in can be at most 5,000 € online. Please split it or contact us.`
          : kind === 'voucher'
            ? msg`The voucher cannot be applied. Please remove it or check the code.`
            : msg`Some details are not valid. Please check the marked fields.`;
  return (
    <div className="submit-error" role="alert">
      <p>{i18n._(text)}</p>
    </div>
  );
}
