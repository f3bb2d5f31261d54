// Model-based test of the contact form against the production contact machine.

import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { ContactAccepted } from '../src/contracts/contact';
import { contactMachine, type Prepared, type SendInput } from '../src/machines/contact';
import { ApiCallError } from '../src/services/api-failure';
import { contactModel } from './contact.model';
import { controllable } from './support/controllable';
import { describeMachineFlow } from './support/machine-runner';

const TICKET = '1795500000000.c2lnbmF0dXJl';
const REFERENCE = 'KM-2026-0A1B2C3D';

interface Harness {
  actor: Actor<typeof contactMachine> | null;
  prepare: ReturnType<typeof controllable<Prepared, void>>;
  send: ReturnType<typeof controllable<ContactAccepted, SendInput>>;
}

const refusal = (path: string, code: string) =>
  new ApiCallError({
    status: 400,
    body: { statusCode: 400, error: 'Bad Request', message: 'no', fields: [{ path, code, message: 'no' }] },
  });

const context = (h: Harness) => h.actor!.getSnapshot().context;
const change = (h: Harness, field: 'subject' | 'name' | 'email' | 'message', value: string) =>
  h.actor!.send({ type: 'contact.change', field, value });

describeMachineFlow<Harness>({
  name: 'contact',
  model: contactModel,
  production: [contactMachine],
  simplePathBound: 0,
  start(inspect) {
    const prepare = controllable<Prepared, void>('prepare');
    const send = controllable<ContactAccepted, SendInput>('send');
    const machine = contactMachine.provide({ actors: { prepare: prepare.logic, send: send.logic } });
    const actor = createActor(machine, { input: { locale: 'de', source: 'widget' }, inspect }).start();
    return { actor, prepare, send };
  },
  events: {
    PREPARED: (h) => h.prepare.resolve({ draft: null, ticket: TICKET }),
    PREPARE_FAILED: (h) => h.prepare.reject(new ApiCallError({})),
    FILL_FORM: (h) => {
      change(h, 'subject', 'payment');
      change(h, 'name', 'Erika Mustermann');
      change(h, 'email', 'erika@example.org');
      change(h, 'message', 'Wann wird mein Geld überwiesen?');
    },
    SEND: (h) => h.actor!.send({ type: 'contact.submit' }),
    TICK_BUSINESS: (h) => h.actor!.send({ type: 'contact.business', value: true }),
    BOT_FILLS_HIDDEN_FIELD: (h) => h.actor!.send({ type: 'contact.honeypot', value: 'https://spam.example' }),
    ATTACH_PHOTO: (h) =>
      h.actor!.send({ type: 'contact.attach', files: [new File([new Uint8Array(10)], 'display.png', { type: 'image/png' })] }),
    REMOVE_PHOTO: (h) => h.actor!.send({ type: 'contact.detach', index: 0 }),
    ACCEPTED: (h) => h.send.resolve({ status: 'accepted', reference: REFERENCE }),
    FIELDS_REFUSED: (h) => h.send.reject(refusal('email', 'email')),
    TOO_FAST: (h) => h.send.reject(refusal('ticket', 'tooFast')),
    TICKET_EXPIRED: (h) => h.send.reject(refusal('ticket', 'invalid')),
    SERVER_DOWN: (h) => h.send.reject(new ApiCallError({ status: 503 })),
    RATE_LIMITED: (h) => h.send.reject(new ApiCallError({ status: 429, retryAfterSeconds: 120 })),
    RETRY: (h) => h.actor!.send({ type: 'contact.retry' }),
    FIX_EMAIL: (h) => change(h, 'email', 'erika.mustermann@example.org'),
    CLEAR_MESSAGE: (h) => change(h, 'message', ''),
    WRITE_ANOTHER: (h) => h.actor!.send({ type: 'contact.restart' }),
  },
  checks: {
    openingRefused: (h) => expect(context(h).errors).toMatchObject({ subject: 'required', name: 'required', message: 'required' }),
    blankRefused: (h) => expect(Object.keys(context(h).errors).sort()).toEqual(['email', 'message', 'name', 'subject']),
    filledBusiness: (h) => expect(context(h).draft.business).toBe(true),
    filledByBot: (h) => expect(context(h).website).toBe('https://spam.example'),
    withPhoto: (h) => expect(context(h).files.map((f) => f.name)).toEqual(['display.png']),
    sending: (h) => {
      const input = h.send.inputs.at(-1)!;
      expect(input.fields).toMatchObject({ subject: 'payment', name: 'Erika Mustermann', message: 'Wann wird mein Geld überwiesen?' });
      expect(input.source).toBe('widget');
      expect(input.ticket).toBe(context(h).ticket);
    },
    refusedByServer: (h) => expect(context(h).errors).toEqual({ email: 'email' }),
    tooFast: (h) => expect(context(h).failure).toEqual({ kind: 'tooFast' }),
    expired: (h) => {
      expect(context(h).failure).toEqual({ kind: 'expired' });
      expect(context(h).ticket).toBeNull();
    },
    failed: (h) => expect(context(h).failure).toEqual({ kind: 'unavailable' }),
    messageMissing: (h) => expect(context(h).errors).toEqual({ message: 'required' }),
    rateLimited: (h) => expect(context(h).failure).toEqual({ kind: 'rateLimited', retryAfterSeconds: 120 }),
    sent: (h) => expect(context(h).reference).toBe(REFERENCE),
    another: (h) => {
      expect(context(h).draft).toMatchObject({ name: 'Erika Mustermann', message: '', subject: '' });
      expect(context(h).reference).toBeNull();
    },
  },
});
