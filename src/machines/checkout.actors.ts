// The real actors of the checkout machine (./checkout.ts) and the account prefill the shop actor
// loads for it: the voucher check, the trade submission (with the session's bearer token for a
// customer), the report of the cart's offers for price-drop warnings, and the logged-in customer's
// address and payout accounts.

import { fromPromise } from 'xstate';
import type { CartHoldsRequest } from '../contracts/offers';
import type { VoucherCheckRequest } from '../contracts/trades';
import type { ApiClient } from '../services/api-client';
import { authorizedClient } from '../services/authorized-client';
import type { CustomerApi } from '../services/customer-data';
import type { TokenSource } from '../services/session-tokens';
import { retryWhileInProgress } from '../services/in-progress-retry';
import { reportCartHolds } from '../services/offers';
import { checkVoucher, submitTrade } from '../services/trades';
import type { SubmitTradeInput } from './checkout';
import { ADDRESS_FIELDS, type AccountPrefill, type AddressForm } from './checkout-form';

export interface CheckoutDeps {
  readonly api: () => Promise<ApiClient>;
  /** The session's tokens (a customer's trade carries the bearer token). */
  readonly tokens: () => TokenSource;
}

export function checkoutActors(deps: CheckoutDeps) {
  return {
    checkVoucher: fromPromise(async ({ input }: { input: VoucherCheckRequest }) => checkVoucher(await deps.api(), input)),
    // Rejects with the HTTP client's error; the checkout reads it with readApiFailure.
    submitTrade: fromPromise(async ({ input }: { input: SubmitTradeInput }) => {
      const api = await deps.api();
      const client = input.request.identity.kind === 'customer' ? await authorizedClient(api, () => deps.tokens().accessToken()) : api;
      // The same key again while the server still processes it (issue 16 part 4): one trade either way.
      return retryWhileInProgress(() => submitTrade(client, input.request, input.idempotencyKey));
    }),
    // No account needed (the address is the checkout's); a failure is dropped by the machine.
    reportCartHolds: fromPromise(async ({ input }: { input: CartHoldsRequest }) => reportCartHolds(await deps.api(), input)),
  };
}

/**
 * What the checkout prefills for the logged-in customer `email`: the primary address and the bank and
 * PayPal account changed last (the one the last sale saved, issue 32 part 2; the lists come oldest
 * first). A part that cannot be loaded is left out: the seller types it. When no part can be loaded it
 * rejects with the first failure, and the checkout says so.
 */
export async function loadAccountPrefill(customerApi: CustomerApi, email: string): Promise<AccountPrefill> {
  const parts = await Promise.allSettled([customerApi.getAddresses(), customerApi.getBankAccounts(), customerApi.getPaypalAccounts()]);
  const failed = parts.filter((part) => part.status === 'rejected');
  if (failed.length === parts.length) throw failed[0]!.reason;
  const [addresses, banks, paypals] = [valueOr(parts[0], []), valueOr(parts[1], []), valueOr(parts[2], [])];
  const address = addresses[0];
  const bank = banks.at(-1);
  const paypal = paypals.at(-1);
  return {
    email,
    address: address ? (Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field] ?? ''])) as AddressForm) : null,
    sepa: bank ? { accountHolder: bank.accountHolder, iban: bank.iban, bic: bank.bic } : null,
    paypal: paypal ? { email: paypal.email } : null,
  };
}

const valueOr = <T>(part: PromiseSettledResult<T>, fallback: T): T => (part.status === 'fulfilled' ? part.value : fallback);
