// Model-based test of inspecting a trade in the back office against the production inspection machine
// (src/staff/machines/inspection.ts): the server's answers (trade, hold, quotes, uploads, save,
// erasure) are controllable actors the model's events settle.

import { expect } from 'vitest';
import { createActor, fromCallback, fromPromise, type Actor, type EventObject } from 'xstate';
import type { QuoteAnswer, StaffTrade } from '../src/contracts/staff';
import {
  acceptedAfterClarification,
  BAD_IMEI,
  GALAXY,
  heldByOther,
  IMEI,
  IPHONE,
  PHOTO,
  quote,
  receivedTrade,
  savedTrade,
} from '../src/staff/machines/inspection.fixtures';
import {
  canSave,
  inspectionMachine,
  quoteLogic,
  saveProblems,
  uploadLogic,
  type EraseInput,
  type QuoteInput,
  type SaveInput,
  type UploadInput,
} from '../src/staff/machines/inspection';
import { StaffCallError, staffFailure, type StaffFailureCode } from '../src/staff/services/failure';
import { inspectionModel } from './inspection.model';
import { controllable, settle } from './support/controllable';
import { describeMachineFlow } from './support/machine-runner';

const TRADE = 'TR-2026-000042';
const refusal = (code: StaffFailureCode, details: Parameters<typeof staffFailure>[1] = {}) =>
  new StaffCallError(staffFailure(code, details));

interface Harness {
  actor: Actor<typeof inspectionMachine> | null;
  /** The trade's version on the server (a stale save raises it). */
  version: number;
  released: number;
  deleted: string[];
  load: ReturnType<typeof controllable<StaffTrade, { tradeNumber: string }>>;
  hold: ReturnType<typeof controllable<StaffTrade, { tradeNumber: string; takeOver: boolean }>>;
  quote: ReturnType<typeof controllable<QuoteAnswer, QuoteInput>>;
  upload: ReturnType<typeof controllable<{ id: string }, UploadInput>>;
  save: ReturnType<typeof controllable<StaffTrade, SaveInput>>;
  erase: ReturnType<typeof controllable<StaffTrade, EraseInput>>;
}

const context = (h: Harness) => h.actor!.getSnapshot().context;
const send = (h: Harness, event: Parameters<Actor<typeof inspectionMachine>['send']>[0]) => h.actor!.send(event);

/** The call the server answers now, by the state the flow is in. */
function pending(h: Harness) {
  const snapshot = h.actor!.getSnapshot();
  if (snapshot.matches('holding')) return h.hold;
  if (snapshot.matches({ held: 'saving' })) return h.save;
  if (snapshot.matches('erasing')) return h.erase;
  return h.load;
}

/** Answers every waiting quote: worse for a display found cracked, else as offered. */
function answerQuotes(h: Harness, fail = false) {
  while (h.quote.pendingCount() > 0) {
    if (fail) h.quote.reject(refusal('server', { status: 503 }));
    else h.quote.resolve((input) => (input.answers['1'] === 13 ? quote(input.offerId, 'worse', 9_000) : quote(input.offerId, 'asOffered')));
  }
}

describeMachineFlow<Harness>({
  name: 'inspection',
  model: inspectionModel,
  production: [inspectionMachine],
  simplePathBound: 0,
  start(inspect) {
    const harness: Harness = {
      actor: null,
      version: 3,
      released: 0,
      deleted: [],
      load: controllable('load'),
      hold: controllable('hold'),
      quote: controllable('quote'),
      upload: controllable('upload'),
      save: controllable('save'),
      erase: controllable('erase'),
    };
    const machine = inspectionMachine.provide({
      delays: { quoteDelay: 0 },
      actors: {
        load: harness.load.logic,
        hold: harness.hold.logic,
        keepHold: fromCallback<EventObject, { tradeNumber: string }>(() => () => void (harness.released += 1)),
        quote: quoteLogic((input) => harness.quote.call(input)),
        upload: uploadLogic((input) => harness.upload.call(input)),
        deletePhoto: fromPromise<void, { tradeNumber: string; photoId: string }>(
          async ({ input }) => void harness.deleted.push(input.photoId),
        ),
        save: harness.save.logic,
        erase: harness.erase.logic,
      },
    });
    return Object.assign(harness, {
      open() {
        harness.actor = createActor(machine, { input: { tradeNumber: TRADE, canInspect: true }, inspect }).start();
      },
    });
  },
  events: {
    OPEN: (h) => (h as Harness & { open(): void }).open(),
    SERVER_SENDS_RECEIVED: (h) => h.load.resolve(receivedTrade({ version: h.version })),
    SERVER_SENDS_ACCEPTED: (h) => h.load.resolve(acceptedAfterClarification()),
    SERVER_SENDS_INSPECTED: (h) => h.load.resolve(savedTrade('inspected')),
    SERVER_SENDS_CERTIFIED: (h) => h.load.resolve(acceptedAfterClarification(true)),
    SERVER_SAYS_NOT_FOUND: (h) => h.load.reject(refusal('trade_not_found', { status: 404 })),
    SERVER_DOWN: (h) => pending(h).reject(h.actor!.getSnapshot().matches('held') ? refusal('server', { status: 500 }) : refusal('network')),
    RETRY: (h) => send(h, { type: 'inspection.retry' }),
    HOLD_GRANTED: (h) => h.hold.resolve(receivedTrade({ version: h.version })),
    HELD_BY_OTHER: (h) => h.hold.resolve(heldByOther()),
    TAKE_OVER: (h) => send(h, { type: 'inspection.takeOver' }),
    SERVER_QUOTES: (h) => answerQuotes(h),
    QUOTES_FAIL: (h) => answerQuotes(h, true),
    RETRY_QUOTES: (h) => {
      for (const [offerId, draft] of Object.entries(context(h).drafts))
        if (draft.quote.status === 'failed') send(h, { type: 'inspection.retryQuote', offerId });
    },
    TYPE_BAD_IMEI: (h) => {
      send(h, { type: 'inspection.identifier', offerId: IPHONE, value: BAD_IMEI });
      send(h, { type: 'inspection.identifier', offerId: GALAXY, value: 'R58N12ABCDE' });
    },
    TYPE_IDENTIFIERS: (h) => {
      send(h, { type: 'inspection.identifier', offerId: IPHONE, value: IMEI });
      send(h, { type: 'inspection.identifier', offerId: GALAXY, value: 'R58N12ABCDE' });
    },
    WRITE_NOTE: (h) => send(h, { type: 'inspection.note', offerId: GALAXY, value: 'Back glass scratched' }),
    ADD_PHOTO: (h) =>
      send(h, { type: 'inspection.addPhotos', offerId: IPHONE, files: [new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' })] }),
    SERVER_STORES_PHOTO: (h) => h.upload.resolve({ id: PHOTO }),
    SERVER_REFUSES_PHOTO: (h) => h.upload.reject(refusal('photo_rejected', { status: 413 })),
    REMOVE_PHOTO: (h) => send(h, { type: 'inspection.removePhoto', offerId: IPHONE, key: context(h).drafts[IPHONE]!.photos[0]!.key }),
    // The display found cracked; the quote is asked once the answers rest.
    CHANGE_ANSWER: async (h) => {
      send(h, { type: 'inspection.answer', offerId: GALAXY, questionId: 1, answerId: 13 });
      await settle();
    },
    CONFIRM_WIPES: (h) => {
      send(h, { type: 'inspection.chooseWipe', offerId: IPHONE, method: 'cryptographic_erase' });
      send(h, { type: 'inspection.chooseWipe', offerId: GALAXY, method: 'factory_reset_encrypted' });
    },
    REVIEW: (h) => send(h, { type: 'inspection.review' }),
    BACK: (h) => send(h, { type: 'inspection.back' }),
    SAVE: (h) => send(h, { type: 'inspection.save' }),
    SERVER_SAVES: (h) =>
      h.save.resolve((input) => savedTrade(input.request.items.every((item) => item.erasure) ? 'inspected' : 'clarification')),
    SERVER_SAYS_STALE: (h) => {
      h.version += 1;
      pending(h).reject(refusal('stale', { status: 409, changedBy: 'max@staff.example', changedAt: '2026-11-04T09:45:00.000Z' }));
    },
    SERVER_REFUSES_IDENTIFIER: (h) =>
      h.save.reject(
        refusal('invalid_identifier', {
          status: 400,
          fields: [{ path: 'items.1.identifier', code: 'invalid', message: 'Enter the IMEI or serial number.' }],
        }),
      ),
    // After a conflict the screen's reload button; a viewed trade has none: the browser reloads the page,
    // which starts the flow again.
    RELOAD: (h) => {
      if (!h.actor!.getSnapshot().matches('viewing')) return send(h, { type: 'inspection.reload' });
      h.actor!.stop();
      (h as Harness & { open(): void }).open();
    },
    SHOW_TRADE: (h) => send(h, { type: 'inspection.reload' }),
    CHOOSE_WIPE: (h) => send(h, { type: 'inspection.chooseWipe', offerId: IPHONE, method: 'cryptographic_erase' }),
    CONFIRM_WIPE: (h) => send(h, { type: 'inspection.confirmWipe', offerId: IPHONE }),
    SERVER_CERTIFIES: (h) => h.erase.resolve(acceptedAfterClarification(true)),
    SERVER_SAYS_NOT_ACCEPTED: (h) => h.erase.reject(refusal('not_accepted', { status: 409 })),
  },
  checks: {
    loadFailed: (h) => expect(context(h).failure?.code).toBe('network'),
    heldByOther: (h) => expect(context(h).trade?.heldBy?.name).toBe('Max Prüfer'),
    takingOver: (h) => expect(h.hold.inputs.at(-1)).toEqual({ tradeNumber: TRADE, takeOver: true }),
    quoting: (h) => expect(Object.values(context(h).drafts).map((d) => d.quote.status)).toEqual(['pending', 'pending']),
    quoteFailed: (h) => expect(saveProblems(context(h))[GALAXY]).toContain('quote'),
    unidentified: (h) => expect(saveProblems(context(h))).toEqual({ [IPHONE]: ['identifier', 'wipe'], [GALAXY]: ['identifier', 'wipe'] }),
    badIdentifier: (h) => expect(saveProblems(context(h))).toEqual({ [IPHONE]: ['identifier', 'wipe'], [GALAXY]: ['wipe'] }),
    uploading: (h) => {
      expect(context(h).drafts[IPHONE]?.photos.map((p) => p.status)).toEqual(['uploading']);
      expect(saveProblems(context(h))[IPHONE]).toContain('photos');
    },
    withPhoto: (h) => expect(context(h).drafts[IPHONE]?.photos).toMatchObject([{ status: 'uploaded', photoId: PHOTO }]),
    photoRefused: (h) => expect(context(h).drafts[IPHONE]?.photos).toMatchObject([{ status: 'refused', failure: 'photo_rejected' }]),
    photoRemoved: (h) => {
      expect(context(h).drafts[IPHONE]?.photos).toEqual([]);
      expect(h.deleted.every((id) => id === PHOTO)).toBe(true);
    },
    identified: (h) => expect(saveProblems(context(h))).toEqual({ [IPHONE]: ['wipe'], [GALAXY]: ['wipe'] }),
    requoting: (h) => {
      expect(context(h).drafts[GALAXY]).toMatchObject({ answers: { '1': 13 }, quote: { status: 'pending' } });
      expect(h.quote.inputs.at(-1)).toEqual({ tradeNumber: TRADE, offerId: GALAXY, answers: { '1': 13, '2': 21 } });
    },
    worseFound: (h) => {
      expect(context(h).drafts[GALAXY]?.quote).toMatchObject({ status: 'answered', quote: { outcome: 'worse', payCents: 9_000 } });
      expect(saveProblems(context(h))).toEqual({ [IPHONE]: ['wipe'] });
    },
    ready: (h) => expect(canSave(context(h))).toBe(true),
    saving: (h) => {
      const { request } = h.save.inputs.at(-1)!;
      expect(request.version).toBe(h.version);
      expect(request.items.map((item) => [item.offerId, item.identifier, item.erasure])).toEqual([
        [IPHONE, IMEI, 'cryptographic_erase'],
        // Found worse: it waits for the seller, so its wipe is not confirmed yet.
        [GALAXY, 'R58N12ABCDE', context(h).drafts[GALAXY]!.answers['1'] === 13 ? undefined : 'factory_reset_encrypted'],
      ]);
    },
    saveFailed: (h) => expect(context(h).failure?.code).toBe('server'),
    identifierRefused: (h) =>
      expect(context(h).failure).toMatchObject({ code: 'invalid_identifier', fields: [{ path: 'items.1.identifier' }] }),
    saved: (h) => {
      expect(['inspected', 'clarification']).toContain(context(h).trade?.status);
      // The hold was given back when the editing ended.
      expect(h.released).toBeGreaterThan(0);
    },
    stale: (h) => expect(context(h).failure).toMatchObject({ code: 'stale', changedBy: 'max@staff.example' }),
    wipeStale: (h) => expect(context(h).failure).toMatchObject({ code: 'stale', changedAt: '2026-11-04T09:45:00.000Z' }),
    restored: (h) => {
      expect(context(h).trade?.version).toBe(h.version);
      expect(context(h).drafts[IPHONE]).toMatchObject({ identifier: IMEI, erasure: 'cryptographic_erase' });
      expect(context(h).drafts[GALAXY]?.identifier).toBe('R58N12ABCDE');
    },
    inspected: (h) => expect(context(h).trade?.status).toBe('inspected'),
    wipeChosen: (h) => expect(context(h).drafts[IPHONE]?.erasure).toBe('cryptographic_erase'),
    erasing: (h) =>
      expect(h.erase.inputs.at(-1)).toEqual({ tradeNumber: TRADE, offerId: IPHONE, version: 7, method: 'cryptographic_erase' }),
    wipeRefused: (h) => expect(context(h).failure?.code).toBe('not_accepted'),
    certified: (h) => expect(context(h).trade?.items[0]?.certificate?.method).toBe('cryptographic_erase'),
  },
});
