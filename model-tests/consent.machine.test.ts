// Model-based test of consent against the production consent machine (its 1 s check made 0 ms here).

import { expect } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { consentMachine, type ConsentDecision, type ConsentInput } from '../src/machines/consent';
import { consentModel } from './consent.model';
import type { CoverageRecorder } from './support/coverage';
import { describeMachineFlow } from './support/machine-runner';

interface Harness {
  actor: AnyActorRef | null;
  remembered: ConsentDecision[];
  readonly inspect: CoverageRecorder['inspect'];
  open(input: ConsentInput): void;
}

const consentOf = (h: Harness) => (h.actor!.getSnapshot() as { context: { consent: boolean } }).context.consent;
const send = (h: Harness, event: { type: string } & Record<string, unknown>) => h.actor!.send(event);

describeMachineFlow<Harness>({
  name: 'consent',
  model: consentModel,
  production: [consentMachine],
  simplePathBound: 20,
  start(inspect) {
    const harness: Harness = {
      actor: null,
      remembered: [],
      inspect,
      open(input) {
        const machine = consentMachine.provide({
          // The check's delay is a timer; the next event waits for it instead of a real second.
          delays: { bannerCheck: 60_000 },
          actions: { remember: (_, { decision }) => void harness.remembered.push(decision) },
        });
        harness.actor = createActor(machine, { input, inspect }).start();
      },
    };
    return harness;
  },
  events: {
    OPEN_FIRST_VISIT: (h) => h.open({ banner: true, stored: null, refusalSignal: false }),
    OPEN_ACCEPTED_BEFORE: (h) => h.open({ banner: true, stored: 'all', refusalSignal: true }),
    OPEN_REFUSED_BEFORE: (h) => h.open({ banner: true, stored: 'necessary', refusalSignal: false }),
    OPEN_WITH_PRIVACY_SIGNAL: (h) => h.open({ banner: true, stored: null, refusalSignal: true }),
    OPEN_SHOP_WITHOUT_BANNER: (h) => h.open({ banner: false, stored: null, refusalSignal: false }),
    // The delayed transition's own event, as the scheduler would deliver it after the delay.
    SECOND_PASSES: (h) => send(h, { type: 'xstate.after.bannerCheck.consent.starting' }),
    ACCEPT: (h) => send(h, { type: 'consent.accept' }),
    REFUSE: (h) => send(h, { type: 'consent.refuse' }),
    OPEN_SETTINGS: (h) => send(h, { type: 'consent.settings' }),
    SAVE_ALLOWING: (h) => send(h, { type: 'consent.save', allow: true }),
    SAVE_REFUSING: (h) => send(h, { type: 'consent.save', allow: false }),
    REOPEN: (h) => send(h, { type: 'consent.reopen' }),
  },
  checks: {
    waiting: (h) => expect(consentOf(h)).toBe(false),
    banner: (h) => expect(consentOf(h)).toBe(false),
    accepted: (h) => {
      expect(consentOf(h)).toBe(true);
      // A decision made here is kept; one read from the cookie is not written again.
      if (h.remembered.length > 0) expect(h.remembered.at(-1)).toBe('all');
    },
    refused: (h) => {
      expect(consentOf(h)).toBe(false);
      if (h.remembered.length > 0) expect(h.remembered.at(-1)).toBe('necessary');
    },
    noBanner: (h) => expect(consentOf(h)).toBe(true),
  },
});
