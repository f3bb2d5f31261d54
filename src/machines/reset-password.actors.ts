// The real actor of the reset-password machine (resetPasswordMachine in ./password.ts): the call of
// src/services/account. (One file per machine: see ./forgot-password.actors.ts.)

import { fromPromise } from 'xstate';
import { resetPassword } from '../services/account';
import type { ApiClient } from '../services/api-client';
import type { ResetPasswordCallInput } from './password';

export function resetPasswordActors(deps: { readonly api: () => Promise<ApiClient> }) {
  return {
    resetPassword: fromPromise(async ({ input }: { input: ResetPasswordCallInput }) => resetPassword(await deps.api(), input)),
  };
}
