// The newsletter calls (issue 13; server/newsletter/routes.ts): sign-up, confirmation, profile and
// unsubscribe by the signed e-mail hash of the mail links, and the logged-in customer's subscription
// (with a client that carries the session's bearer token). Answers are parsed with the shared contract.

import {
  AcceptedSchema,
  ProfileAnswerSchema,
  SubscriptionAnswerSchema,
  UnsubscribedSchema,
  type NewsletterProfile,
  type NewsletterSource,
  type ProfileAnswer,
  type SubscriptionAnswer,
} from '../contracts/newsletter';
import type { ApiClient } from './api-client';

/** POST /api/newsletter/subscribe: 202 whether or not the address is known; the confirmation mail follows. */
export async function subscribe(api: ApiClient, input: { email: string; source: NewsletterSource }): Promise<void> {
  AcceptedSchema.parse(await api('/api/newsletter/subscribe', { method: 'POST', body: input }));
}

/** POST /api/newsletter/confirm with the hash and token of the confirmation link. */
export async function confirmSubscription(api: ApiClient, input: { emailHash: string; token: string }): Promise<ProfileAnswer> {
  return ProfileAnswerSchema.parse(await api('/api/newsletter/confirm', { method: 'POST', body: input }));
}

export async function loadProfile(api: ApiClient, input: { emailHash: string }): Promise<ProfileAnswer> {
  return ProfileAnswerSchema.parse(await api(`/api/newsletter/profile/${encodeURIComponent(input.emailHash)}`));
}

export async function saveProfile(api: ApiClient, input: { emailHash: string; profile: NewsletterProfile }): Promise<ProfileAnswer> {
  return ProfileAnswerSchema.parse(
    await api(`/api/newsletter/profile/${encodeURIComponent(input.emailHash)}`, { method: 'PUT', body: input.profile }),
  );
}

export async function unsubscribe(api: ApiClient, input: { emailHash: string }): Promise<void> {
  UnsubscribedSchema.parse(await api(`/api/newsletter/unsubscribe/${encodeURIComponent(input.emailHash)}`, { method: 'POST' }));
}

/** GET /api/newsletter/subscription with the session's token. */
export async function loadSubscription(api: ApiClient): Promise<SubscriptionAnswer> {
  return SubscriptionAnswerSchema.parse(await api('/api/newsletter/subscription'));
}

/** PUT /api/newsletter/subscription: the account's switch (no second opt-in, the account e-mail is verified). */
export async function setSubscription(api: ApiClient, input: { subscribed: boolean }): Promise<SubscriptionAnswer> {
  return SubscriptionAnswerSchema.parse(await api('/api/newsletter/subscription', { method: 'PUT', body: input }));
}
