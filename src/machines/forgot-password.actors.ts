// The real actor of the forgotten-password machine (forgotPasswordMachine in ./password.ts): the call
// of src/services/account. (One file per machine, not one for ./password.ts: the forgot and reset
// pages would share it as a chunk of its own, a name in every page's entry script.)

import { fromPromise } from 'xstate';
import { sendForgotPasswordMail } from '../services/account';
import type { ApiClient } from '../services/api-client';
import type { SendMailInput } from './password';

export function forgotPasswordActors(deps: { readonly api: () => Promise<ApiClient> }) {
  return {
    sendMail: fromPromise(async ({ input }: { input: SendMailInput }) => sendForgotPasswordMail(await deps.api(), input)),
  };
}
