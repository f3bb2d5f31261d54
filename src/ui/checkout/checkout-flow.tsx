// The checkout of the cart (product §11): identity (guest, log-in or registration) → address →
// payout → review → submit. The shop actor runs the checkout machine (src/machines/shop.ts): it
// resumes a checkout in progress after a reload, follows the cart, decides the identity from the
// account session (a logged-in customer's address and payout are prefilled), and on success sells
// the cart and shows the thank-you page. This component only selects and sends.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../i18n/format';
import { stepOrder, type CheckoutField, type CheckoutMachine, type CheckoutStep, type SubmitError } from '../../machines/checkout';
import { stepIndex, type AddressField, type CompanyField, type PayoutField } from '../../machines/checkout-form';
import { B2B_TERMS_ANCHOR, B2B_TRADE_CAP } from '../../config/constants';
import { countryConfig } from '../../config/countries';
import { isLegalForm, maskedIban, TEXT_LIMITS } from '../../contracts/trades';
import { CompanyFields, LEGAL_FORM_LABELS } from './company-fields';
import { useAccount } from '../account/account-provider';
import { useFocusFirstError } from '../form/focus';
import { LoginForm } from '../account/login-form';
import { useShop } from '../shop-context';
import { useStartShopActor } from '../shop-actor';
import { AddressFields, COUNTRY_NAMES } from '../form/address-fields';
import { useErrorOf } from '../form/issue-messages';
import { IdentityOptions, LoggedInNote, PriceWarningNote, RegisterInvite, type IdentityChoice } from './identity-step';
import { PayoutFields } from '../form/payout-fields';
import { DerivedBic } from '../form/derived-bic';
import { TextField } from '../form/text-field';
import { useFullShopHref } from '../widget/full-shop-link';
import { ReviewValidity } from './review-validity';
import '../form/form.css';
import './checkout.css';

const STEP_LABELS: Record<CheckoutStep, ReturnType<typeof msg>> = {
  identity: msg`Your e-mail`,
  address: msg`Address`,
  payout: msg`Payout`,
  review: msg`Review`,
};

/** Opens the cart's checkout in the shop actor (resuming one in progress) and shows it. */
export function CheckoutFlow() {
  const { runtime } = useStartShopActor();
  const shopActor = runtime?.actor;
  useEffect(() => shopActor?.send({ type: 'shop.openCheckout' }), [shopActor]);
  const checkout = useSelector(shopActor, (s) => s?.children.checkout as CheckoutActor | undefined);
  // The logged-in customer's details load before the identity step is shown.
  const account = useSelector(shopActor, (s): AccountDetails =>
    s?.matches({ checkingOut: 'accountFailed' })
      ? 'failed'
      : s?.matches({ checkingOut: 'loadingAccount' }) || s?.matches({ checkingOut: 'choosing' })
        ? 'loading'
        : 'ready',
  );
  if (!checkout) {
    return (
      <p role="status">
        <Trans>Loading your checkout…</Trans>
      </p>
    );
  }
  return <CheckoutSteps actor={checkout} accountDetails={account} />;
}

type CheckoutActor = ActorRefFrom<CheckoutMachine>;
type AccountDetails = 'loading' | 'ready' | 'failed';

function CheckoutSteps({ actor, accountDetails }: { actor: CheckoutActor; accountDetails: AccountDetails }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  // In a widget the terms open in the full shop (decision 034).
  const termsHref = useFullShopHref(shop.contentPath('terms'));
  const privacyHref = useFullShopHref(shop.contentPath('privacy'));
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const total = context.cartTotal;
  const identity = context.identity;
  const [choice, setChoice] = useState<IdentityChoice>('guest');
  const awaitingAccount = !account.ready || (account.isLoggedIn && accountDetails === 'loading');

  const step = context.step;
  const submitting = state.matches('submitting') || state.matches('done');
  const send = actor.send;
  const change = (field: CheckoutField) => (value: string) => send({ type: 'checkout.change', field, value });
  const errorOf = useErrorOf(context.errors);
  // A refused step moves the focus to its first invalid field.
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useFocusFirstError(form, refused);
  // After each change of step the focus moves to the new step's heading (arriving, the page's h1 has it).
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeading.current?.focus();
  }, [step]);
  const newTabNote = useId();
  const stepNumber = stepIndex(step) + 1;
  const stepCount = stepOrder.length;
  const stepName = i18n._(STEP_LABELS[step]);

  // The identity step: the choice (guest, log-in, register) until the session is known and nobody is logged in.
  const identityStep = step === 'identity';
  const showChoice = identityStep && !awaitingAccount && !account.isLoggedIn;
  const showForm = !identityStep || (!awaitingAccount && (account.isLoggedIn || choice === 'guest'));

  return (
    <section className="checkout" aria-labelledby="checkout-heading">
      <h2 id="checkout-heading">
        <Trans>Sell your devices</Trans>
      </h2>
      {/* A step reached before is a button that goes back (or forward again) to it; the others only show where the seller is. */}
      <ol className="checkout-steps" aria-label={i18n._(msg`Checkout steps`)}>
        {stepOrder.map((s, index) => {
          const label = (
            <>
              <span className="step-number">{index + 1}</span> {i18n._(STEP_LABELS[s])}
            </>
          );
          const current = s === step;
          const reached = stepIndex(s) <= stepIndex(context.reachedStep);
          return (
            <li key={s} aria-current={current ? 'step' : undefined} className={current ? 'current' : reached ? 'reached' : 'ahead'}>
              {!current && reached ? (
                <button type="button" disabled={submitting} onClick={() => send({ type: 'checkout.goTo', step: s })}>
                  {label}
                </button>
              ) : (
                <span className="step-pill">{label}</span>
              )}
            </li>
          );
        })}
      </ol>
      <h3 ref={stepHeading} tabIndex={-1} className="checkout-step-heading" data-testid="checkout-step-heading">
        {i18n._(msg`Step ${stepNumber} of ${stepCount}: ${stepName}`)}
      </h3>

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
          {accountDetails === 'failed' && (step === 'address' || step === 'payout') && (
            <p className="account-note" role="status" data-testid="account-details-failed">
              <Trans>
                We could not load the address and payout details saved in your account. Please enter them here: the sale is still made in
                your account.
              </Trans>
            </p>
          )}
          {identityStep && identity.kind === 'guest' && (
            <fieldset>
              <legend>{i18n._(msg`Continue as a guest`)}</legend>
              <p className="field-hint">{i18n._(msg`We send your confirmation and the free shipping label to this address.`)}</p>
              <TextField
                name="identity.email"
                type="email"
                autoComplete="email"
                maxLength={TEXT_LIMITS.email}
                label={i18n._(msg`E-mail address`)}
                value={context.identity.email}
                error={errorOf('identity.email')}
                onValue={change('identity.email')}
              />
              <PriceWarningNote />
            </fieldset>
          )}

          {step === 'address' && context.b2b && (
            <fieldset>
              <legend>{i18n._(msg`Your company`)}</legend>
              <CompanyFields
                values={context.company}
                errorOf={errorOf}
                onField={(field: CompanyField, value) => send({ type: 'checkout.change', field: `company.${field}`, value })}
              />
            </fieldset>
          )}
          {step === 'address' && (
            <fieldset>
              <legend>
                {context.b2b ? i18n._(msg`Contact person and company address`) : i18n._(msg`Where do we pick up the parcel from?`)}
              </legend>
              <AddressFields
                locale={shop.locale}
                values={context.address}
                errorOf={errorOf}
                phoneRequired={context.b2b}
                onField={(field: AddressField, value) => send({ type: 'checkout.change', field: `address.${field}`, value })}
              />
            </fieldset>
          )}

          {step === 'payout' && (
            <fieldset>
              <legend>{i18n._(msg`How would you like to be paid?`)}</legend>
              <PayoutFields
                businessAccount={context.b2b}
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
                {context.b2b && (
                  <>
                    <dt>{i18n._(msg`Company`)}</dt>
                    <dd data-testid="review-company">
                      {context.company.name}
                      {isLegalForm(context.company.legalForm) && ` (${i18n._(LEGAL_FORM_LABELS[context.company.legalForm])})`}
                      {context.company.vatId.trim() !== '' && `, ${i18n._(msg`VAT ID`)} ${context.company.vatId}`}
                    </dd>
                  </>
                )}
                <dt>{i18n._(msg`E-mail address`)}</dt>
                <dd data-testid="review-email">{context.identity.email}</dd>
                <dt>{i18n._(msg`Name`)}</dt>
                <dd data-testid="review-name">
                  {context.address.firstName} {context.address.lastName}
                </dd>
                <dt>{i18n._(msg`Address`)}</dt>
                <dd data-testid="review-address">
                  {context.address.street} {context.address.houseNumber}
                  <br />
                  {context.address.postalCode} {context.address.city}
                  <br />
                  {COUNTRY_NAMES[shop.locale]}
                </dd>
                {context.address.phone.trim() !== '' && (
                  <>
                    <dt>{i18n._(msg`Phone`)}</dt>
                    <dd data-testid="review-phone">{context.address.phone}</dd>
                  </>
                )}
                <dt>{i18n._(msg`Payout`)}</dt>
                {context.isPayPalTransaction ? (
                  <dd data-testid="review-payout">PayPal · {context.payout.email}</dd>
                ) : (
                  <dd data-testid="review-payout">
                    {i18n._(msg`Bank transfer (SEPA)`)}
                    <br />
                    {i18n._(msg`Account holder`)}: {context.payout.accountHolder}
                    <br />
                    {/* Masked as on the confirmation and in the account; grouped in fours, a phone breaks it between groups only. */}
                    IBAN <span className="iban">{maskedIban(context.payout.iban)}</span>
                    {context.payout.bic.trim() !== '' ? (
                      <>
                        <br />
                        BIC {context.payout.bic.replace(/\s+/g, '').toUpperCase()}
                      </>
                    ) : (
                      <DerivedBic iban={context.payout.iban}>
                        {(bic) => (
                          <>
                            <br />
                            <span data-testid="review-derived-bic">{i18n._(msg`BIC ${bic} (from the IBAN)`)}</span>
                          </>
                        )}
                      </DerivedBic>
                    )}
                  </dd>
                )}
              </dl>
              <ReviewValidity />
              <div className="voucher">
                <TextField
                  name="voucherCode"
                  maxLength={TEXT_LIMITS.voucherCode}
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
                  <button
                    type="button"
                    className="button secondary"
                    disabled={state.matches({ review: 'checkingVoucher' })}
                    onClick={() => send({ type: 'checkout.applyVoucher' })}
                  >
                    {i18n._(msg`Apply voucher`)}
                  </button>
                )}
              </div>
              <p className="checkout-total">
                <span>{i18n._(msg`You receive`)}</span>{' '}
                <strong data-testid="checkout-total">{formatPrice(shop.locale, total + (context.voucher?.value ?? 0))}</strong>
              </p>
              {context.identity.kind === 'customer' && (
                // Issue 32 part 2: the next sale starts with these details (the account shows the IBAN masked).
                <div className="field">
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      name="saveToAccount"
                      checked={context.saveToAccount !== false}
                      onChange={(e) => send({ type: 'checkout.saveToAccount', value: e.target.checked })}
                    />
                    <span>{i18n._(msg`Save this address and payout account in my customer account for my next sale`)}</span>
                  </label>
                </div>
              )}
              <div className={context.errors.termsAccepted ? 'field invalid' : 'field'}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    name="termsAccepted"
                    checked={context.termsAccepted}
                    onChange={(e) => send({ type: 'checkout.acceptTerms', value: e.target.checked })}
                  />
                  <span>
                    {/* A new tab, so reading them leaves the checkout where it is. */}
                    {context.b2b ? (
                      <Trans>
                        I accept the{' '}
                        <a href={`${termsHref}#${B2B_TERMS_ANCHOR}`} target="_blank" rel="noopener" aria-describedby={newTabNote}>
                          terms and conditions for business customers
                        </a>{' '}
                        and the{' '}
                        <a href={privacyHref} target="_blank" rel="noopener" aria-describedby={newTabNote}>
                          privacy policy
                        </a>
                        .
                      </Trans>
                    ) : (
                      <Trans>
                        I accept the{' '}
                        <a href={termsHref} target="_blank" rel="noopener" aria-describedby={newTabNote}>
                          terms and conditions
                        </a>{' '}
                        and the{' '}
                        <a href={privacyHref} target="_blank" rel="noopener" aria-describedby={newTabNote}>
                          privacy policy
                        </a>
                        .
                      </Trans>
                    )}
                  </span>
                </label>
                {/* Read with each link: the terms open beside the checkout, which stays as it is. */}
                <span id={newTabNote} hidden>
                  {i18n._(msg`Opens in a new tab; your entries here are kept.`)}
                </span>
                {context.errors.termsAccepted && (
                  <p className="field-error" role="alert" data-field="termsAccepted">
                    {errorOf('termsAccepted')}
                  </p>
                )}
              </div>
              {context.submitError && <SubmitProblem error={context.submitError} onRetry={() => send({ type: 'checkout.retry' })} />}
              <p className="still-working" role="status">
                {state.matches({ submitting: 'slow' }) && i18n._(msg`Still working… your sale is being sent. Please keep this page open.`)}
              </p>
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

function SubmitProblem({ error, onRetry }: { error: SubmitError; onRetry: () => void }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const { kind } = error;
  if (kind === 'b2bCap') {
    const cap = formatPrice(shop.locale, error.cap ?? B2B_TRADE_CAP);
    const over = formatPrice(shop.locale, error.overBy ?? 0);
    const partner = countryConfig(shop.locale).contact.b2bpartner;
    return (
      <div className="submit-error" role="alert" data-testid="b2b-cap">
        <p>{i18n._(msg`A business trade-in can be at most ${cap} online; this one is ${over} over it.`)}</p>
        <p>
          {i18n._(msg`Please remove devices worth at least ${over} and sell them in a second trade-in.`)}{' '}
          {partner && (
            <Trans>
              For larger quantities, our partner team makes you an offer: <a href={`mailto:${partner}`}>{partner}</a>
            </Trans>
          )}
        </p>
      </div>
    );
  }
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
        : kind === 'voucher'
          ? msg`The voucher cannot be applied. Please remove it or check the code.`
          : msg`Some details are not valid. Please check the marked fields.`;
  return (
    <div className="submit-error" role="alert">
      <p>{i18n._(text)}</p>
    </div>
  );
}
