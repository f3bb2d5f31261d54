// The real actors of the forgotten-password and reset-password machines (./password.ts): the calls
// of src/services/account.

import { fromPromise } from 'xstate';
import { resetPassword, sendForgotPasswordMail } from '../services/account';
import type { ApiClient } from '../services/api-client';
import type { ResetPasswordCallInput, SendMailInput } from './password';

export interface PasswordDeps {
  readonly api: () => Promise<ApiClient>;
}

export function forgotPasswordActors(deps: PasswordDeps) {
  return {
    sendMail: fromPromise(async ({ input }: { input: SendMailInput }) => sendForgotPasswordMail(await deps.api(), input)),
  };
}

export function resetPasswordActors(deps: PasswordDeps) {
  return {
    resetPassword: fromPromise(async ({ input }: { input: ResetPasswordCallInput }) => resetPassword(await deps.api(), input)),
  };
}
