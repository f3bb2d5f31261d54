// The real actors of the activation machine (./activation.ts): the two calls of src/services/account.

import { fromPromise } from 'xstate';
import { activateCustomerByIdentifier, activateRegistration } from '../services/account';
import type { ApiClient } from '../services/api-client';

export function activationActors(deps: { readonly api: () => Promise<ApiClient> }) {
  return {
    activateRegistration: fromPromise(async ({ input }: { input: { token: string } }) => activateRegistration(await deps.api(), input)),
    activateCustomer: fromPromise(async ({ input }: { input: { identifier: string } }) =>
      activateCustomerByIdentifier(await deps.api(), input),
    ),
  };
}
