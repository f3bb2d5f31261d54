// The checkout of the cart (DESIGN.md §7): identity (guest, log-in or registration) → address →
// payout → review → submit, driven by the checkout machine and restored from IndexedDB in whatever
// step a reload found it. A logged-in customer skips the identity choice: the address and payout are
// prefilled from the account and the trade is sent with the session's bearer token. On success the
// cart is emptied, the transactionId set, the trade event pushed, and the seller moves on to the
// thank-you page, which reads the finished checkout.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { pageCoverageInspector } from '../../services/actor-coverage';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { VoucherCheckRequest } from '../../contracts/trades';
import { formatPrice } from '../../i18n/format';
import { cartTotal, type CartContext } from '../../machines/cart';
import { SubmitTradeError, checkoutMachine, stepOrder, type CheckoutField, type CheckoutStep, type SubmitTradeInput } from '../../machines/checkout';
import type { AddressField, PayoutField } from '../../machines/checkout-form';
import { errorBody, statusOf } from '../../services/api-client';
import { persistActor, restoreSnapshot } from '../../services/persistence';
import { pushDataLayer } from '../../services/data-layer';
import { pushTradeCreated } from '../../services/trade-events';
import { checkVoucher, submitTrade } from '../../services/trades';
import { useAccount } from '../account/account-provider';
import { AccountQueries, useLoadAccountPrefill } from '../account/account-queries';
import { authorizedClient } from '../account/authorized-client';
import { useFocusFirstError } from '../account/focus';
import { LoginForm } from '../account/login-form';
import { useApiClient } from '../api-context';
import { useCart } from '../cart/cart-provider';
import { useShop } from '../shop-context';
import { AddressFields } from './address-fields';
import { fieldMessage } from './field-messages';
import { IdentityOptions, LoggedInNote, RegisterInvite, type IdentityChoice } from './identity-step';
import { PayoutFields } from './payout-fields';
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
  return (
    <AccountQueries>
      <CheckoutSteps cart={cart} snapshot={restored.snapshot} />
    </AccountQueries>
  );
}

function CheckoutSteps({ cart, snapshot }: { cart: CartContext; snapshot: CheckoutSnapshot | undefined }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const navigate = useNavigate();
  const cartHandle = useCart();
  const api = useApiClient();
  const account = useAccount();
  // The submission reads the session when it runs, not when the machine was made.
  const session = useRef(account);
  session.current = account;
  const total = cartTotal(cart.cart);
  const offerIds = cart.cart.map((l) => l.offerId);

  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          checkVoucher: fromPromise(async ({ input }: { input: VoucherCheckRequest }) => checkVoucher(await api(), input)),
          submitTrade: fromPromise(async ({ input }: { input: SubmitTradeInput }) => {
            try {
              // A customer's trade carries the session's bearer token (refreshed first when it has expired).
              const client = input.request.identity.kind === 'customer' ? await authorizedClient(await api(), session.current) : await api();
              return await submitTrade(client, input.request, input.idempotencyKey);
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
    inspect: pageCoverageInspector(),
  });
  const state = useSelector(actor, (s) => s);
  const { context } = state;

  useEffect(() => {
    const persisted = persistActor(actor, CHECKOUT_STORAGE_KEY, { debounceMs: 0 });
    return () => void persisted.stop();
  }, [actor]);

  // The account session decides the identity: logged in → the customer, prefilled from the account
  // (this skips the identity step); logged out → a guest again.
  const loadPrefill = useLoadAccountPrefill();
  const identity = context.identity;
  const isAccountIdentity = identity.kind === 'customer' && identity.email === account.email;
  const [prefillFailed, setPrefillFailed] = useState(false);
  useEffect(() => {
    if (!account.ready) return;
    if (!account.isLoggedIn) {
      if (identity.kind === 'customer') actor.send({ type: 'checkout.useGuest' });
      return;
    }
    if (isAccountIdentity) return;
    let current = true;
    void loadPrefill().then((prefill) => {
      if (!current) return;
      if (prefill) actor.send({ type: 'checkout.useAccount', prefill });
      else setPrefillFailed(true);
    });
    return () => {
      current = false;
    };
    // loadPrefill reads the session it was made with; the session fields below are what matters.
  }, [actor, account.ready, account.isLoggedIn, account.email, identity.kind, isAccountIdentity]);
  const [choice, setChoice] = useState<IdentityChoice>('guest');
  const awaitingAccount = !account.ready || (account.isLoggedIn && !isAccountIdentity && !prefillFailed);

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
  const errorOf = (path: string): string | undefined => (context.errors[path] ? fieldMessage(i18n, shop.locale, path) : undefined);
  // A refused step moves the focus to its first invalid field.
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useFocusFirstError(form, refused);

  // The identity step: the choice (guest, log-in, register) until the session is known and nobody is logged in.
  const identityStep = step === 'identity';
  const showChoice = identityStep && !awaitingAccount && !account.isLoggedIn;
  const showForm = !identityStep || (!awaitingAccount && (account.isLoggedIn || choice === 'guest'));

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

      {identityStep && awaitingAccount && (
        <p className="loading-note" role="status">
          <span className="spinner" aria-hidden="true" /> <Trans>Loading your details…</Trans>
        </p>
      )}
      {showChoice && <IdentityOptions value={choice} onChange={setChoice} />}
      {showChoice && choice === 'login' && <LoginForm headingLevel={3} />}
      {showChoice && choice === 'register' && <RegisterInvite />}

      {showForm && (
      <form
        ref={form}
        className="checkout-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: step === 'review' ? 'checkout.submit' : 'checkout.next' });
          if (Object.keys(actor.getSnapshot().context.errors).length > 0) setRefused((n) => n + 1);
        }}
      >
        {identityStep && identity.kind === 'customer' && <LoggedInNote email={identity.email} />}
        {identityStep && identity.kind === 'guest' && (
          <fieldset>
            <legend>{i18n._(msg`Continue as a guest`)}</legend>
            <p className="field-hint">{i18n._(msg`We send your confirmation and the free shipping label to this address.`)}</p>
            <TextField name="identity.email" type="email" autoComplete="email" label={i18n._(msg`E-mail address`)} value={context.identity.email} error={errorOf('identity.email')} onValue={change('identity.email')} />
          </fieldset>
        )}

        {step === 'address' && (
          <fieldset>
            <legend>{i18n._(msg`Where do we pick up the parcel from?`)}</legend>
            <AddressFields
              locale={shop.locale}
              values={context.address}
              errorOf={errorOf}
              onField={(field: AddressField, value) => send({ type: 'checkout.change', field: `address.${field}`, value })}
            />
          </fieldset>
        )}

        {step === 'payout' && (
          <fieldset>
            <legend>{i18n._(msg`How would you like to be paid?`)}</legend>
            <PayoutFields
              label={i18n._(msg`Payout method`)}
              values={context.payout}
              errorOf={errorOf}
              onField={(field: PayoutField, value) => send({ type: 'checkout.change', field: `payout.${field}`, value })}
              onMethod={(method) => send({ type: 'checkout.selectPayout', method })}
            />
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
                // The server's answer to a check, else the machine's own check of the code (empty, too long).
                error={context.voucherError ? voucherMessage(i18n, context.voucherError) : errorOf('voucherCode')}
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
      )}
    </section>
  );
}

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
