// The real actor of the sign-in link machine (./sign-in-link.ts); tests provide a fake.

import { fromPromise } from 'xstate';
import type { StaffLinkSignInRequest } from '../../contracts/staff';
import type { StaffClient } from '../services/client';
import { signInWithLink } from '../services/session';

export const signInLinkActors = (client: StaffClient) => ({
  signIn: fromPromise(({ input }: { input: StaffLinkSignInRequest }) => signInWithLink(client, input)),
});
