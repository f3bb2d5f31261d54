// The real actors of the newsletter machines (./newsletter.ts): the calls of src/services/newsletter,
// the account's with the session's bearer token.

import { fromPromise } from 'xstate';
import type { NewsletterProfile, SubscriptionAnswer } from '../contracts/newsletter';
import type { ApiClient } from '../services/api-client';
import { authorizedClient } from '../services/authorized-client';
import {
  confirmSubscription,
  loadProfile,
  loadSubscription,
  saveProfile,
  setSubscription,
  subscribe,
  unsubscribe,
} from '../services/newsletter';
import type { SubscribeInput } from './newsletter';

export interface NewsletterDeps {
  readonly api: () => Promise<ApiClient>;
  /** The logged-in customer's access token (rejects when nobody is logged in). */
  readonly accessToken?: () => Promise<string>;
}

const withSession = async (deps: NewsletterDeps): Promise<ApiClient> => {
  if (!deps.accessToken) throw new Error('newsletter: the account calls need the session');
  return authorizedClient(await deps.api(), deps.accessToken);
};

export function newsletterActors(deps: NewsletterDeps) {
  return {
    subscribe: fromPromise(async ({ input }: { input: SubscribeInput }) => subscribe(await deps.api(), input)),
    confirm: fromPromise(async ({ input }: { input: { emailHash: string; token: string } }) =>
      confirmSubscription(await deps.api(), input),
    ),
    loadProfile: fromPromise(async ({ input }: { input: { emailHash: string } }) => loadProfile(await deps.api(), input)),
    saveProfile: fromPromise(async ({ input }: { input: { emailHash: string; profile: NewsletterProfile } }) =>
      saveProfile(await deps.api(), input),
    ),
    unsubscribe: fromPromise(async ({ input }: { input: { emailHash: string } }) => unsubscribe(await deps.api(), input)),
    loadSubscription: fromPromise<SubscriptionAnswer, void>(async () => loadSubscription(await withSession(deps))),
    setSubscription: fromPromise(async ({ input }: { input: { subscribed: boolean } }) => setSubscription(await withSession(deps), input)),
  };
}
