// The real actors of the sign-in link: asking for it (the `sendMail` of forgotPasswordMachine, the
// same flow with another call) and signing in with it (signInWithLinkMachine in ./sign-in-link.ts),
// which hands the answer's tokens to the session (`openSession`, the account handle's).

import { fromPromise } from 'xstate';
import type { TokenAnswer } from '../contracts/account';
import { sendSignInLinkMail, signInWithLink } from '../services/account';
import type { ApiClient } from '../services/api-client';
import type { SendMailInput } from './password';

export function askForSignInLinkActors(deps: { readonly api: () => Promise<ApiClient> }) {
  return {
    sendMail: fromPromise(async ({ input }: { input: SendMailInput }) => sendSignInLinkMail(await deps.api(), input)),
  };
}

export function signInWithLinkActors(deps: {
  readonly api: () => Promise<ApiClient>;
  readonly openSession: (answer: TokenAnswer) => void;
}) {
  return {
    signIn: fromPromise(async ({ input }: { input: { token: string } }) => {
      const answer = await signInWithLink(await deps.api(), input);
      if (!answer) throw new Error('the sign-in answer holds no token');
      deps.openSession(answer);
    }),
  };
}
