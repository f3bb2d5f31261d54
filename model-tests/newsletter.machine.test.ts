// Model-based test of the newsletter journey against the production sign-up, enrich and unsubscribe machines.

import { expect } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import type { NewsletterProfile, ProfileAnswer, SubscriptionAnswer } from '../src/contracts/newsletter';
import {
  newsletterEnrichMachine,
  newsletterMachine,
  newsletterUnsubscribeMachine,
  type EnrichInput,
  type SubscribeInput,
} from '../src/machines/newsletter';
import { ApiCallError } from '../src/services/api-failure';
import { newsletterModel } from './newsletter.model';
import { controllable } from './support/controllable';
import type { CoverageRecorder } from './support/coverage';
import { describeMachineFlow } from './support/machine-runner';

const HASH = 'ab'.repeat(32);
const TOKEN = `1900000000.${'cd'.repeat(32)}`;
const PROFILE: ProfileAnswer = { emailHash: HASH, status: 'subscribed', firstName: '', interests: [] };
const NO_ANSWER = () => new ApiCallError({});
const fieldRefusal = (path: string) => new ApiCallError({ status: 400, body: { fields: [{ path, code: 'invalid', message: 'x' }] } });

interface Harness {
  actor: AnyActorRef | null;
  kind: 'signUp' | 'enrich' | 'unsubscribe' | null;
  subscribe: ReturnType<typeof controllable<void, SubscribeInput>>;
  confirm: ReturnType<typeof controllable<ProfileAnswer, { emailHash: string; token: string }>>;
  loadProfile: ReturnType<typeof controllable<ProfileAnswer, { emailHash: string }>>;
  loadSubscription: ReturnType<typeof controllable<SubscriptionAnswer, void>>;
  saveProfile: ReturnType<typeof controllable<ProfileAnswer, { emailHash: string; profile: NewsletterProfile }>>;
  unsubscribe: ReturnType<typeof controllable<void, { emailHash: string }>>;
  successShown: number;
  readonly inspect: CoverageRecorder['inspect'];
  openEnrich(input: EnrichInput): void;
  openUnsubscribe(emailHash: string): void;
}

const stateOf = (h: Harness) => h.actor!.getSnapshot() as { matches(state: string): boolean };

/** The call the production actor is waiting for now. */
function pending(h: Harness) {
  if (h.kind === 'signUp') return h.subscribe;
  if (h.kind === 'unsubscribe') return h.unsubscribe;
  const state = stateOf(h);
  if (state.matches('confirming')) return h.confirm;
  if (state.matches('loading')) return h.loadProfile;
  if (state.matches('finding')) return h.loadSubscription;
  return h.saveProfile;
}

const send = (h: Harness, event: { type: string } & Record<string, unknown>) => h.actor!.send(event);

describeMachineFlow<Harness>({
  name: 'newsletter',
  model: newsletterModel,
  production: [newsletterMachine, newsletterEnrichMachine, newsletterUnsubscribeMachine],
  simplePathBound: 0,
  start(inspect: CoverageRecorder['inspect']) {
    const harness: Harness = {
      actor: null,
      kind: null,
      subscribe: controllable<void, SubscribeInput>('subscribe'),
      confirm: controllable<ProfileAnswer, { emailHash: string; token: string }>('confirm'),
      loadProfile: controllable<ProfileAnswer, { emailHash: string }>('loadProfile'),
      loadSubscription: controllable<SubscriptionAnswer, void>('loadSubscription'),
      saveProfile: controllable<ProfileAnswer, { emailHash: string; profile: NewsletterProfile }>('saveProfile'),
      unsubscribe: controllable<void, { emailHash: string }>('unsubscribe'),
      successShown: 0,
      inspect,
      openEnrich(input) {
        harness.actor?.stop();
        const machine = newsletterEnrichMachine.provide({
          actors: {
            confirm: harness.confirm.logic,
            loadProfile: harness.loadProfile.logic,
            loadSubscription: harness.loadSubscription.logic,
            saveProfile: harness.saveProfile.logic,
          },
        });
        harness.kind = 'enrich';
        harness.actor = createActor(machine, { input, inspect }).start();
      },
      openUnsubscribe(emailHash) {
        harness.actor?.stop();
        const machine = newsletterUnsubscribeMachine.provide({
          actors: { unsubscribe: harness.unsubscribe.logic },
          actions: { showSuccess: () => void (harness.successShown += 1) },
        });
        harness.kind = 'unsubscribe';
        harness.actor = createActor(machine, { input: { emailHash }, inspect }).start();
      },
    };
    return harness;
  },
  events: {
    OPEN_PAGE: (h) => {
      const machine = newsletterMachine.provide({ actors: { subscribe: h.subscribe.logic } });
      h.kind = 'signUp';
      h.actor = createActor(machine, { input: { source: 'footer' }, inspect: h.inspect }).start();
    },
    SUBMIT: (h) => {
      send(h, { type: 'newsletter.change', value: 'Erika@Example.com' });
      send(h, { type: 'newsletter.submit' });
    },
    SUBMIT_INVALID: (h) => {
      send(h, { type: 'newsletter.change', value: 'erika@' });
      send(h, { type: 'newsletter.submit' });
    },
    TYPE: (h) => send(h, { type: 'newsletter.change', value: 'erika@example' }),
    ACCEPTED: (h) => h.subscribe.resolve(undefined),
    FIELD_REFUSED: (h) => pending(h).reject(fieldRefusal(h.kind === 'signUp' ? 'email' : 'firstName')),
    NO_ANSWER: (h) => pending(h).reject(NO_ANSWER()),
    RETRY: (h) => send(h, { type: h.kind === 'signUp' ? 'newsletter.retry' : h.kind === 'enrich' ? 'enrich.retry' : 'unsubscribe.retry' }),
    OPEN_CONFIRMATION_LINK: (h) => h.openEnrich({ emailHash: HASH, confirmToken: TOKEN, loggedIn: false }),
    OPEN_PROFILE_LINK: (h) => h.openEnrich({ emailHash: HASH, confirmToken: null, loggedIn: false }),
    OPEN_BROKEN_PROFILE_LINK: (h) => h.openEnrich({ emailHash: 'not-a-hash', confirmToken: null, loggedIn: false }),
    OPEN_ENRICH_LOGGED_IN: (h) => h.openEnrich({ emailHash: null, confirmToken: null, loggedIn: true }),
    OPEN_ENRICH_LOGGED_OUT: (h) => h.openEnrich({ emailHash: null, confirmToken: null, loggedIn: false }),
    OPEN_UNSUBSCRIBE_LINK: (h) => h.openUnsubscribe(HASH),
    OPEN_BROKEN_UNSUBSCRIBE_LINK: (h) => h.openUnsubscribe('0123'),
    CONFIRMED: (h) => h.confirm.resolve(PROFILE),
    LINK_REFUSED: (h) => pending(h).reject(new ApiCallError({ status: 404 })),
    PROFILE_LOADED: (h) => h.loadProfile.resolve({ ...PROFILE, firstName: 'Ana', interests: ['audio'] }),
    SUBSCRIBED: (h) => h.loadSubscription.resolve({ status: 'subscribed', emailHash: HASH }),
    NOT_SUBSCRIBED: (h) => h.loadSubscription.resolve({ status: 'none', emailHash: null }),
    SESSION_ENDED: (h) => h.loadSubscription.reject(new ApiCallError({ status: 401 })),
    SAVE: (h) => {
      send(h, { type: 'enrich.changeName', value: 'Erika' });
      send(h, { type: 'enrich.toggleInterest', interest: 'cameras' });
      send(h, { type: 'enrich.submit' });
    },
    SAVE_INVALID: (h) => {
      send(h, { type: 'enrich.changeName', value: 'x'.repeat(61) });
      send(h, { type: 'enrich.submit' });
    },
    SAVED: (h) => h.saveProfile.resolve(({ profile }) => ({ ...PROFILE, ...profile })),
    EDIT: (h) => send(h, { type: 'enrich.edit' }),
    CONFIRM_UNSUBSCRIBE: (h) => send(h, { type: 'unsubscribe.confirm' }),
    UNSUBSCRIBED: (h) => h.unsubscribe.resolve(undefined),
  },
  checks: {
    sending: (h) => expect(h.subscribe.inputs.at(-1)).toEqual({ email: 'erika@example.com', source: 'footer' }),
    formRefused: (h) => expect(Object.keys((h.actor!.getSnapshot() as { context: { errors: object } }).context.errors)).toEqual(['email']),
    confirming: (h) => expect(h.confirm.inputs.at(-1)).toEqual({ emailHash: HASH, token: TOKEN }),
    saving: (h) => expect(h.saveProfile.inputs.at(-1)?.profile.firstName).toBe('Erika'),
    unsubscribing: (h) => expect(h.unsubscribe.inputs.at(-1)).toEqual({ emailHash: HASH }),
    unsubscribed: (h) => expect(h.successShown).toBe(1),
    unsubscribeInvalid: (h) => expect(h.successShown).toBe(0),
  },
});
