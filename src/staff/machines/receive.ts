// Receiving parcels (product §11.10): a USB scanner types the label's trade number and Enter (or the
// camera reads the barcode); each scan is sent at once and its result heads the list of this
// session's scans: received (with the seller and devices), received before (the trade opens), or
// refused (unknown, cancelled…). The field empties for the next parcel; a scan typed while the last
// one is being sent waits its turn.
//
//   ready ─ 'receive.submit' [a code] / 'receive.scanned' ─▶ receiving ─ answer or refusal ─▶ ready
//                                                              └ [another scan waits] ─▶ receiving

import { assign, fromPromise, setup } from 'xstate';
import { issueCode, type IssueCode } from '../../contracts/issues';
import { ScanRequestSchema, type ReceiveAnswer, type StaffTrade } from '../../contracts/staff';
import { readStaffFailure, type StaffFailure } from '../services/failure';

interface ScanBase {
  /** Counts the session's scans (list key). */
  readonly id: number;
  readonly code: string;
  readonly at: string;
}

export type Scan =
  | (ScanBase & { readonly result: 'received' | 'again'; readonly trade: StaffTrade })
  | (ScanBase & { readonly result: 'refused'; readonly failure: StaffFailure });

export interface ReceiveContext {
  /** What the field holds now. */
  readonly code: string;
  /** The code being sent, and one scanned meanwhile that waits. */
  readonly sending: string | null;
  readonly waiting: string | null;
  /** This session's scans, newest first. */
  readonly scans: readonly Scan[];
  /** The field's problem after an empty or overlong submit. */
  readonly issue: IssueCode | null;
}

export type ReceiveEvent =
  | { readonly type: 'receive.type'; readonly code: string }
  | { readonly type: 'receive.submit' }
  /** A code the camera read: sent as it is. */
  | { readonly type: 'receive.scanned'; readonly code: string };

const codeOf = (value: string) => {
  const parsed = ScanRequestSchema.safeParse({ code: value });
  return parsed.success ? { code: parsed.data.code, issue: null } : { code: null, issue: issueCode(parsed.error.issues[0]!) };
};

const now = () => new Date().toISOString();

export const receiveMachine = setup({
  types: { context: {} as ReceiveContext, events: {} as ReceiveEvent },
  actors: {
    receive: fromPromise<ReceiveAnswer, { readonly code: string }>(() =>
      Promise.reject(new Error("receive machine: provide the 'receive' actor")),
    ),
  },
  guards: {
    typedCode: ({ context }) => codeOf(context.code).code !== null,
    scannedCode: (_, code: string) => codeOf(code).code !== null,
    waits: ({ context }) => context.waiting !== null,
    receivedBefore: (_, answer: ReceiveAnswer) => !answer.received,
  },
  actions: {
    sendTyped: assign(({ context }) => ({ sending: codeOf(context.code).code, code: '', issue: null })),
    sendScanned: assign((_, code: string) => ({ sending: codeOf(code).code, code: '', issue: null })),
    refuseTyped: assign(({ context }) => ({ issue: codeOf(context.code).issue })),
    waitTyped: assign(({ context }) => ({ waiting: codeOf(context.code).code ?? context.waiting, code: '' })),
    waitScanned: assign(({ context }, code: string) => ({ waiting: codeOf(code).code ?? context.waiting })),
    sendWaiting: assign(({ context }) => ({ sending: context.waiting, waiting: null })),
    storeAnswer: assign(({ context }, answer: ReceiveAnswer) => ({
      scans: [
        {
          id: context.scans.length + 1,
          code: context.sending ?? '',
          at: now(),
          result: answer.received ? 'received' : 'again',
          trade: answer.trade,
        } as const,
        ...context.scans,
      ],
      sending: null,
    })),
    storeRefusal: assign(({ context }, { error }: { error: unknown }) => ({
      scans: [
        {
          id: context.scans.length + 1,
          code: context.sending ?? '',
          at: now(),
          result: 'refused',
          failure: readStaffFailure(error),
        } as const,
        ...context.scans,
      ],
      sending: null,
    })),
    /** A parcel received before: its trade opens (provided by the screen: the inspection page). */
    openTrade: (_, _trade: StaffTrade) => {},
  },
}).createMachine({
  id: 'staffReceive',
  context: { code: '', sending: null, waiting: null, scans: [], issue: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'receive.type': { actions: assign(({ event }) => ({ code: event.code, issue: null })) },
        'receive.submit': [{ guard: 'typedCode', target: 'receiving', actions: 'sendTyped' }, { actions: 'refuseTyped' }],
        'receive.scanned': {
          guard: { type: 'scannedCode', params: ({ event }) => event.code },
          target: 'receiving',
          actions: { type: 'sendScanned', params: ({ event }) => event.code },
        },
      },
    },
    receiving: {
      on: {
        'receive.type': { actions: assign(({ event }) => ({ code: event.code, issue: null })) },
        'receive.submit': { guard: 'typedCode', actions: 'waitTyped' },
        'receive.scanned': { actions: { type: 'waitScanned', params: ({ event }) => event.code } },
      },
      invoke: {
        src: 'receive',
        input: ({ context }) => ({ code: context.sending ?? '' }),
        onDone: [
          {
            guard: { type: 'receivedBefore', params: ({ event }) => event.output },
            target: 'sent',
            actions: [
              { type: 'storeAnswer', params: ({ event }) => event.output },
              { type: 'openTrade', params: ({ event }) => event.output.trade },
            ],
          },
          { target: 'sent', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'sent', actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Between two scans: the next waiting one, or the field. */
    sent: { always: [{ guard: 'waits', target: 'receiving', actions: 'sendWaiting' }, { target: 'ready' }] },
  },
});
