// Model-based test of registration activation against the production activation machine.

import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { ActivationAnswer } from '../src/contracts/account';
import { activationMachine } from '../src/machines/activation';
import { ApiCallError } from '../src/services/api-failure';
import { activationModel } from './activation.model';
import { controllable } from './support/controllable';
import { describeMachineFlow } from './support/machine-runner';

const TOKEN = 'a'.repeat(43);
const IDENTIFIER = 'b'.repeat(43);

interface Harness {
  actor: Actor<typeof activationMachine> | null;
  open(token: string | null): void;
  activateRegistration: ReturnType<typeof controllable<ActivationAnswer, { token: string }>>;
  activateCustomer: ReturnType<typeof controllable<{ customerNumber: string }, { identifier: string }>>;
}

/** The step running now (the model's SERVER_DOWN happens in either). */
const pending = (h: Harness) => (h.actor!.getSnapshot().matches('identifying') ? h.activateCustomer : h.activateRegistration);

describeMachineFlow<Harness>({
  name: 'activation',
  model: activationModel,
  production: [activationMachine],
  simplePathBound: 200,
  start(inspect) {
    const activateRegistration = controllable<ActivationAnswer, { token: string }>('activateRegistration');
    const activateCustomer = controllable<{ customerNumber: string }, { identifier: string }>('activateCustomer');
    const harness: Harness = {
      actor: null,
      activateRegistration,
      activateCustomer,
      open(token) {
        const machine = activationMachine.provide({
          actors: { activateRegistration: activateRegistration.logic, activateCustomer: activateCustomer.logic },
        });
        harness.actor = createActor(machine, { input: { token }, inspect }).start();
      },
    };
    return harness;
  },
  events: {
    OPEN_LINK: (h) => h.open(TOKEN),
    OPEN_LINK_WITHOUT_TOKEN: (h) => h.open(null),
    OPEN_GARBLED_LINK: (h) => h.open('not%20a%20token'),
    REGISTRATION_ACTIVATED: (h) => h.activateRegistration.resolve({ activated: true, token: IDENTIFIER }),
    ACTIVATED_WITHOUT_IDENTIFIER: (h) => h.activateRegistration.resolve({ activated: true }),
    TOKEN_UNKNOWN_OR_USED: (h) => h.activateRegistration.resolve({ activated: false }),
    SERVER_SAYS_TOKEN_MISSING: (h) => h.activateRegistration.reject(new ApiCallError({ status: 400 })),
    SERVER_REFUSES: (h) => h.activateRegistration.reject(new ApiCallError({ status: 404 })),
    SERVER_DOWN: (h) => pending(h).reject(new ApiCallError({ status: 503 })),
    CUSTOMER_ACTIVATED: (h) => h.activateCustomer.resolve({ customerNumber: 'K-0000042' }),
    IDENTIFIER_REFUSED: (h) => h.activateCustomer.reject(new ApiCallError({ status: 404 })),
    RETRY: (h) => h.actor!.send({ type: 'activation.retry' }),
  },
  checks: {
    activating: (h) => expect(h.activateRegistration.inputs.at(-1)).toEqual({ token: TOKEN }),
    identifying: (h) => expect(h.activateCustomer.inputs.at(-1)).toEqual({ identifier: IDENTIFIER }),
    activated: (h) => expect(h.actor!.getSnapshot().context.customerNumber).toBe('K-0000042'),
    notActivated: (h) => expect(h.actor!.getSnapshot().context.customerNumber).toBeNull(),
    linkIncomplete: (h) => expect(h.actor!.getSnapshot().context.missingTokenIn).toBe('link'),
    answerIncomplete: (h) => expect(h.actor!.getSnapshot().context.missingTokenIn).toBe('answer'),
    registrationStepFailed: (h) => expect(h.actor!.getSnapshot().context.identifier).toBeNull(),
    customerStepFailed: (h) => expect(h.actor!.getSnapshot().context.identifier).toBe(IDENTIFIER),
  },
});
