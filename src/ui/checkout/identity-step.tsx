// The checkout's identity step besides the guest e-mail: the choice between guest, log-in and
// registration, the invitation to register (the cart is kept in this browser meanwhile), the note
// for a logged-in customer whose saved details were filled in, and the line on price-drop warnings.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useShop } from '../shop-context';
import { isWidgetMode } from '../../config/brands';
import { FullShopLink } from '../widget/full-shop-link';
import '../form/form.css';
import './checkout.css';

export type IdentityChoice = 'guest' | 'login' | 'register';

const CHOICES: readonly IdentityChoice[] = ['guest', 'login', 'register'];

export function IdentityOptions({ value, onChange }: { value: IdentityChoice; onChange: (choice: IdentityChoice) => void }) {
  const { i18n } = useLingui();
  const label = (choice: IdentityChoice) =>
    choice === 'guest' ? i18n._(msg`Continue as a guest`) : choice === 'login' ? i18n._(msg`Log in`) : i18n._(msg`Create an account`);
  return (
    <fieldset className="identity-options">
      <legend>{i18n._(msg`How would you like to continue?`)}</legend>
      <div className="payout-methods">
        {CHOICES.map((choice) => (
          <label key={choice} className={value === choice ? 'answer chosen' : 'answer'}>
            <input type="radio" name="identity.choice" value={choice} checked={value === choice} onChange={() => onChange(choice)} />
            <span>{label(choice)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function RegisterInvite() {
  const shop = useShop();
  return (
    <div className="register-invite">
      <p>
        <Trans>With an account you see all your trades in one place, and your address and payout details are filled in next time.</Trans>
      </p>
      <p className="field-hint">
        <Trans>Your cart stays saved in this browser while you register and activate your account.</Trans>
      </p>
      {isWidgetMode(shop.mode) ? (
        // The partner's frame holds the selling flow only: the account opens in the full shop's tab.
        <FullShopLink to={shop.path('accountRegister')} className="button primary">
          <Trans>Create an account</Trans>
        </FullShopLink>
      ) : (
        <Link to={shop.path('accountRegister')} className="button primary">
          <Trans>Create an account</Trans>
        </Link>
      )}
    </div>
  );
}

export function LoggedInNote({ email }: { email: string }) {
  const { i18n } = useLingui();
  return (
    <fieldset>
      <legend>{i18n._(msg`Your account`)}</legend>
      <p data-testid="checkout-customer">{i18n._(msg`You are logged in as ${email}.`)}</p>
      <p className="field-hint">
        {i18n._(msg`We have filled in the address and payout details saved in your account. You can change them in the next steps.`)}
      </p>
      <PriceWarningNote />
    </fieldset>
  );
}

/**
 * Once the address step is complete the checkout tells the shop which offers the cart holds, so that
 * a scheduled price drop reaches the seller (decision 058): said next to the e-mail it goes to.
 */
export function PriceWarningNote() {
  const { i18n } = useLingui();
  return (
    <p className="field-hint" data-testid="price-warning-note">
      {i18n._(msg`We'll tell you if a price in your cart drops before it expires.`)}
    </p>
  );
}
