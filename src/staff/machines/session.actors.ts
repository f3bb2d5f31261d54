// The real actors of the session and sign-in machines (./session.ts, ./sign-in.ts) on the staff API
// client; tests provide fakes instead.

import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { StaffLoginRequest, StaffSignInLinkRequest } from '../../contracts/staff';
import type { StaffClient } from '../services/client';
import { fetchMe, requestSignInLink, signIn, signOut, submitSecondFactor } from '../services/session';
import { sessionMachine } from './session';
import { signInMachine } from './sign-in';

export function staffSessionMachine(client: StaffClient, queryClient: QueryClient) {
  return sessionMachine.provide({
    actors: {
      me: fromPromise(() => fetchMe(client)),
      signOut: fromPromise(() => signOut(client)),
      signIn: signInMachine.provide({
        actors: {
          login: fromPromise(({ input }: { input: StaffLoginRequest }) => signIn(client, input)),
          verify: fromPromise(({ input }: { input: { code: string } }) => submitSecondFactor(client, input.code)),
          requestLink: fromPromise(({ input }: { input: StaffSignInLinkRequest }) => requestSignInLink(client, input)),
        },
      }),
    },
    actions: { forgetData: () => queryClient.clear() },
  });
}
