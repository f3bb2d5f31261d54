// The logged-in customer's server data through TanStack Query: addresses, payout accounts and trade
// history, cached per customer for the account screens, and dropped when
// the session ends. Every call goes through the session's customerApi (token refresh included).
// The cache is the page's one QueryClient from the router context (the catalogue loaders use it too).

import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { use, useEffect, type ReactNode } from 'react';
import type { CustomerAddress } from '../../contracts/account';
import { ADDRESS_FIELDS, type AddressForm } from '../../machines/checkout-form';
import type { CustomerApi, PayoutAccounts } from '../../services/customer-data';
import { useAccount } from './account-provider';
import '../form/form.css';

export function AccountQueries({ children }: { children: ReactNode }) {
  // The account routes load the client with their page module, so it is there by the time this renders.
  const queryClient = useRouter().options.context.queryClient;
  const client = queryClient.current ?? use(queryClient.load());
  const { ready, customerId } = useAccount();
  // Another customer (or none) must never see the previous one's data.
  useEffect(() => {
    if (!ready) return;
    client.removeQueries({ predicate: (query) => query.queryKey[0] === 'account' && query.queryKey[1] !== customerId });
  }, [client, ready, customerId]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export const accountKeys = {
  addresses: (customerId: string | null) => ['account', customerId, 'addresses'] as const,
  payout: (customerId: string | null) => ['account', customerId, 'payout'] as const,
  tradeHistory: (customerId: string | null) => ['account', customerId, 'tradeHistory'] as const,
  savedOffers: (customerId: string | null) => ['account', customerId, 'savedOffers'] as const,
};

/** The bank and PayPal account changed last (the lists come oldest first): the ones the checkout prefills. */
export async function loadPayoutAccounts(api: CustomerApi): Promise<PayoutAccounts> {
  const [banks, paypals] = await Promise.all([api.getBankAccounts(), api.getPaypalAccounts()]);
  return { bank: banks.at(-1) ?? null, paypal: paypals.at(-1) ?? null };
}

/** The primary address: the server lists it first (PATCH without an IRI writes it). */
export const primaryAddress = (addresses: readonly CustomerAddress[]): CustomerAddress | null => addresses[0] ?? null;

/** A stored address as the address form's values. */
export const addressFormOf = (address: CustomerAddress): AddressForm =>
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field] ?? ''])) as AddressForm;

function useCustomerQuery<T>(key: readonly unknown[], load: (api: CustomerApi) => Promise<T>) {
  const account = useAccount();
  return useQuery({
    queryKey: key,
    queryFn: () => load(account.customerApi),
    enabled: account.ready && account.isLoggedIn && account.customerId !== null,
  });
}

export function usePrimaryAddress() {
  const { customerId } = useAccount();
  return useCustomerQuery(accountKeys.addresses(customerId), async (api) => primaryAddress(await api.getAddresses()));
}

export function usePayoutAccounts() {
  const { customerId } = useAccount();
  return useCustomerQuery(accountKeys.payout(customerId), loadPayoutAccounts);
}

export function useTradeHistory() {
  const { customerId } = useAccount();
  return useCustomerQuery(accountKeys.tradeHistory(customerId), (api) => api.getTradeHistory());
}

export function useSavedOffers() {
  const { customerId } = useAccount();
  return useCustomerQuery(accountKeys.savedOffers(customerId), (api) => api.getSavedOffers());
}

/** Writes an answer of a change into the cache, so every screen shows it at once. */
export function useAccountCache() {
  const client = useQueryClient();
  const { customerId } = useAccount();
  return {
    setPrimaryAddress: (address: CustomerAddress) => client.setQueryData(accountKeys.addresses(customerId), address),
    setPayout: (update: (current: PayoutAccounts | undefined) => PayoutAccounts) =>
      client.setQueryData(accountKeys.payout(customerId), update),
    refreshTradeHistory: () => client.invalidateQueries({ queryKey: accountKeys.tradeHistory(customerId) }),
  };
}
