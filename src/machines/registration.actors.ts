// The real actor of the registration machine (./registration.ts): the call of src/services/account.

import { fromPromise } from 'xstate';
import type { Registration } from '../contracts/account';
import { register } from '../services/account';
import type { ApiClient } from '../services/api-client';

export function registrationActors(deps: { readonly api: () => Promise<ApiClient> }) {
  return {
    register: fromPromise(async ({ input }: { input: Registration }) => register(await deps.api(), input)),
  };
}
