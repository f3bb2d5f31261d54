// The real actor of the set-password machine (./set-password.ts); tests provide a fake.

import { fromPromise } from 'xstate';
import type { StaffClient } from '../services/client';
import { setPassword } from '../services/session';

export const setPasswordActors = (client: StaffClient) => ({
  setPassword: fromPromise(({ input }: { input: { token: string; password: string } }) => setPassword(client, input)),
});
