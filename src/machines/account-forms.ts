// The account's forms made with saveFormMachine (./form.ts, decision 019): the address, the payout
// details and the password change, each with its rules (the contract's checks in the browser) and
// the server's field paths it shows. ./account-forms.actors.ts provides their real `save` actors.

import type { Locale } from '../config/locales';
import { AddressSchema, PayoutSchema } from '../contracts/trades';
import { payoutRequest, type AddressForm, type PayoutForm } from './checkout-form';
import { fieldErrors, saveFormMachine } from './form';
import { passwordErrors, resetErrors } from './password';

// ---------------------------------------------------------------------------------------------
// The address (PATCH /api/customers/addresses)

export interface AddressChangeValues {
  readonly locale: Locale;
  readonly address: AddressForm;
}

const addressSchemas = new Map<Locale, ReturnType<typeof AddressSchema>>();
/** The trade contract's address rules of a shop (its postal codes), made once per shop. */
export function addressSchema(locale: Locale) {
  let schema = addressSchemas.get(locale);
  if (!schema) addressSchemas.set(locale, (schema = AddressSchema(locale)));
  return schema;
}

export const addressChangeMachine = saveFormMachine<AddressChangeValues>({
  id: 'addressChange',
  validate: ({ locale, address }) => {
    const parsed = addressSchema(locale).safeParse(address);
    return parsed.success ? {} : fieldErrors(parsed.error, { prefix: 'address' });
  },
  rename: (path) => (path.startsWith('address.') ? path : null),
});

// ---------------------------------------------------------------------------------------------
// The payout details (a bank or PayPal account, created or updated)

/** The server's paths of the four calls → the form's (`payment.iban`, `bankAccount.iban` → `payout.iban`). */
export function paymentFormPath(path: string): string | null {
  const [head, field] = path.split('.');
  if (!field) return null;
  if (head === 'payment' || head === 'bankAccount') return ['accountHolder', 'iban', 'bic'].includes(field) ? `payout.${field}` : null;
  if (head === 'paypalAccount') return field === 'email' ? 'payout.email' : null;
  return null;
}

// Checked with the trade contract's payout rules; the server's paths of the four calls are renamed to the form's.
export const paymentChangeMachine = saveFormMachine<PayoutForm>({
  id: 'paymentChange',
  validate: (values) => {
    const parsed = PayoutSchema.safeParse(payoutRequest(values));
    return parsed.success ? {} : fieldErrors(parsed.error, { prefix: 'payout' });
  },
  rename: paymentFormPath,
});

// ---------------------------------------------------------------------------------------------
// A trade's payout account, corrected after the bank sent a payout back (PUT …/trades/{n}/payout)

export const tradePayoutMachine = saveFormMachine<PayoutForm>({
  id: 'tradePayout',
  validate: (values) => {
    const parsed = PayoutSchema.safeParse(payoutRequest(values));
    return parsed.success ? {} : fieldErrors(parsed.error, { prefix: 'payout' });
  },
  // The server checks `{ payout }`: its paths are the form's.
  rename: (path) => (path.startsWith('payout.') ? path : null),
});

// ---------------------------------------------------------------------------------------------
// The password change (product §7 changePassword)

export interface PasswordChangeValues {
  readonly current: string;
  readonly password: string;
  readonly repeat: string;
}

/** The contract's password rule and the repetition (as the reset form checks them), and the current password. */
export const changePasswordMachine = saveFormMachine<PasswordChangeValues>({
  id: 'changePassword',
  validate: ({ current, password, repeat }) => ({
    ...resetErrors({ password, repeat }),
    ...(current === '' ? { currentPassword: 'required' as const } : {}),
  }),
  // The server's fields this form shows: a refused new password, a wrong current one.
  rename: (path) => (path === 'password' || path === 'currentPassword' ? path : null),
});

// ---------------------------------------------------------------------------------------------
// An account made after a guest sale (POST /api/account/registerFromTrade, issue 32 part 2): the
// trade's details are the account's; the seller chooses a password and accepts the privacy policy.

export interface GuestAccountValues {
  readonly password: string;
  readonly privacyAccepted: boolean;
}

export const guestAccountMachine = saveFormMachine<GuestAccountValues>({
  id: 'guestAccount',
  validate: ({ password, privacyAccepted }) => ({
    ...passwordErrors(password),
    ...(privacyAccepted ? {} : { privacyAccepted: 'required' as const }),
  }),
  // The server's fields are the form's.
  rename: (path) => (path === 'password' || path === 'privacyAccepted' ? path : null),
});
