// Inspecting a received trade (product §11.6, §11.10). The trade loads and the inspector takes its
// hold (another inspector holding it is named, with a take-over). Per device the inspector sets the
// answers as found (beside the seller's), the IMEI or serial number, photos (uploaded at once, six at
// most), a note, and, for a device that will be accepted as it is, the data wipe. Every change of the
// answers asks the server what it means for the price (the quote, debounced per device): as offered,
// better (the price only goes up), worse (the seller gets a counter-offer) or blocked. The save is
// possible once every device has an identifier and a quote and every accepted one its wipe; a summary
// comes first. A save on a trade someone changed meanwhile saves nothing (`stale`): the reload keeps
// what the inspector typed where it still fits. A trade that is not waiting for its inspection is
// shown as it is; a device accepted after a clarification gets its wipe confirmed there.
//
//   loading ─ received, inspector ─▶ holding ─ held ─▶ held.editing ─ 'inspection.review' [complete] ─▶ held.reviewing
//          ─ otherwise ─▶ viewing            └ another holds it ─▶ heldByOther ─ 'inspection.takeOver' ─▶ holding
//          ─ unknown ─▶ notFound · no answer ─▶ failed ─ 'inspection.retry' ─▶ loading
//   held.reviewing ─ 'inspection.save' ─▶ held.saving ─▶ saved · stale / wrong status ─▶ stale ─ 'inspection.reload' ─▶ loading
//                                                      └ refused fields ─▶ held.editing · no answer ─▶ held.saveFailed ─ retry ─▶ held.saving
//   viewing ─ 'inspection.confirmWipe' [method chosen] ─▶ erasing ─▶ viewing · stale ─▶ stale
//
// Quotes and uploads run as spawned actors (one per device, one per photo) whose answers come back as
// events, whatever state the flow is in; the hold is an invoked actor of `held` that gives it back
// when the editing ends (saved, stale, the screen closed).

import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import {
  identifierProblem,
  type ErasureMethod,
  type InspectionRequest,
  type QuoteAnswer,
  type StaffTrade,
  type StaffTradeItem,
} from '../../contracts/staff';
import { readStaffFailure, type StaffFailure, type StaffFailureCode } from '../services/failure';

export const MAX_PHOTOS = 6;

export interface InspectionInput {
  readonly tradeNumber: string;
  /** The signed-in user is an inspector (others see the trade as it is). */
  readonly canInspect: boolean;
}

export interface PhotoDraft {
  /** Local key of the photo (list key, upload actor id). */
  readonly key: string;
  readonly name: string;
  readonly photoId: string | null;
  readonly status: 'uploading' | 'uploaded' | 'refused';
  /** Why it was refused: the server's reason, or `too_many` (over MAX_PHOTOS, not sent). */
  readonly failure: StaffFailureCode | 'too_many' | null;
}

export type QuoteState =
  | { readonly status: 'pending' }
  | { readonly status: 'answered'; readonly quote: QuoteAnswer }
  | { readonly status: 'failed'; readonly failure: StaffFailureCode };

export interface ItemDraft {
  /** Answer id per question id as found. */
  readonly answers: Readonly<Record<string, number>>;
  readonly identifier: string;
  readonly note: string;
  readonly photos: readonly PhotoDraft[];
  /** The wipe the inspector confirms (a device accepted as it is, or one accepted after a clarification). */
  readonly erasure: ErasureMethod | null;
  readonly quote: QuoteState;
}

export type Drafts = Readonly<Record<string, ItemDraft>>;

export interface InspectionContext extends InspectionInput {
  readonly trade: StaffTrade | null;
  readonly drafts: Drafts;
  /** The next hold takes the trade over from another inspector. */
  readonly takeOver: boolean;
  /** The last load, hold, save or erasure that failed. */
  readonly failure: StaffFailure | null;
  /** The device whose wipe is being confirmed. */
  readonly erasing: string | null;
  /** Photos added so far (makes their keys). */
  readonly photoCount: number;
}

export type InspectionEvent =
  | { readonly type: 'inspection.retry' }
  | { readonly type: 'inspection.takeOver' }
  | { readonly type: 'inspection.answer'; readonly offerId: string; readonly questionId: number; readonly answerId: number }
  | { readonly type: 'inspection.identifier'; readonly offerId: string; readonly value: string }
  | { readonly type: 'inspection.note'; readonly offerId: string; readonly value: string }
  | { readonly type: 'inspection.addPhotos'; readonly offerId: string; readonly files: readonly File[] }
  | { readonly type: 'inspection.removePhoto'; readonly offerId: string; readonly key: string }
  | { readonly type: 'inspection.chooseWipe'; readonly offerId: string; readonly method: ErasureMethod }
  | { readonly type: 'inspection.retryQuote'; readonly offerId: string }
  | { readonly type: 'inspection.review' }
  | { readonly type: 'inspection.back' }
  | { readonly type: 'inspection.save' }
  | { readonly type: 'inspection.reload' }
  | { readonly type: 'inspection.confirmWipe'; readonly offerId: string }
  // Sent by the flow's own actors:
  | { readonly type: 'quote.due'; readonly offerId: string }
  | { readonly type: 'quote.answered'; readonly offerId: string; readonly quote: QuoteAnswer }
  | { readonly type: 'quote.failed'; readonly offerId: string; readonly failure: StaffFailureCode }
  | { readonly type: 'photo.uploaded'; readonly offerId: string; readonly key: string; readonly photoId: string }
  | { readonly type: 'photo.refused'; readonly offerId: string; readonly key: string; readonly failure: StaffFailureCode };

export interface QuoteInput {
  readonly tradeNumber: string;
  readonly offerId: string;
  readonly answers: Readonly<Record<string, number>>;
}

export interface UploadInput {
  readonly tradeNumber: string;
  readonly offerId: string;
  readonly key: string;
  readonly file: File;
}

export interface SaveInput {
  readonly tradeNumber: string;
  readonly request: InspectionRequest;
}

export interface EraseInput {
  readonly tradeNumber: string;
  readonly offerId: string;
  readonly version: number;
  readonly method: ErasureMethod;
}

/**
 * A call whose outcome comes back to the machine as an event. Spawned per device or photo, so quotes
 * and uploads run side by side; stopping it (a newer quote of the device, a photo removed) drops a late answer.
 */
function answering<I, O>(
  call: (input: I, signal: AbortSignal) => Promise<O>,
  done: (input: I, output: O) => InspectionEvent,
  failed: (input: I, error: unknown) => InspectionEvent,
) {
  return fromCallback<EventObject, I>(({ input, sendBack }) => {
    const abort = new AbortController();
    call(input, abort.signal).then(
      (output) => {
        if (!abort.signal.aborted) sendBack(done(input, output));
      },
      (error: unknown) => {
        if (!abort.signal.aborted) sendBack(failed(input, error));
      },
    );
    return () => abort.abort();
  });
}

/** The quote actor from a call (./inspection.actors gives the real one, tests a fake). */
export const quoteLogic = (call: (input: QuoteInput, signal: AbortSignal) => Promise<QuoteAnswer>) =>
  answering(
    call,
    (input, quote) => ({ type: 'quote.answered', offerId: input.offerId, quote }),
    (input, error) => ({ type: 'quote.failed', offerId: input.offerId, failure: readStaffFailure(error).code }),
  );

/** The photo upload actor from a call. */
export const uploadLogic = (call: (input: UploadInput, signal: AbortSignal) => Promise<{ readonly id: string }>) =>
  answering(
    call,
    (input, photo) => ({ type: 'photo.uploaded', offerId: input.offerId, key: input.key, photoId: photo.id }),
    (input, error) => ({ type: 'photo.refused', offerId: input.offerId, key: input.key, failure: readStaffFailure(error).code }),
  );

const notProvided = (name: string) => () => Promise.reject(new Error(`inspection machine: provide the '${name}' actor`));

// ---- What the screens read ------------------------------------------------------------------------

/** The seller's answers with the ones found so far (a question the inspection left out is as offered). */
const answersOf = (item: StaffTradeItem): Record<string, number> => ({ ...item.offeredAnswers, ...(item.inspection?.foundAnswers ?? {}) });

/** A device that is paid as it is (as offered or better) once saved: it needs its wipe confirmed. */
export const acceptedAsIs = (draft: ItemDraft): boolean =>
  draft.quote.status === 'answered' && (draft.quote.quote.outcome === 'asOffered' || draft.quote.quote.outcome === 'better');

/** An accepted device (at the inspection, or after a clarification) without its data-erasure certificate. */
export const needsWipe = (item: StaffTradeItem): boolean =>
  item.inspection !== null && item.certificate === null && (item.clarification === null || item.clarification.status === 'accepted');

export type SaveProblem = 'identifier' | 'quote' | 'wipe' | 'photos';

/** What still keeps a device from being saved, per offer id (empty: none). */
export function saveProblems(context: Pick<InspectionContext, 'trade' | 'drafts'>): Readonly<Record<string, readonly SaveProblem[]>> {
  const problems: Record<string, SaveProblem[]> = {};
  for (const item of context.trade?.items ?? []) {
    const draft = context.drafts[item.offerId];
    if (!draft) continue;
    const own: SaveProblem[] = [];
    if (identifierProblem(draft.identifier.trim()) !== null) own.push('identifier');
    if (draft.quote.status !== 'answered') own.push('quote');
    else if (acceptedAsIs(draft) && draft.erasure === null) own.push('wipe');
    if (draft.photos.some((photo) => photo.status === 'uploading')) own.push('photos');
    if (own.length > 0) problems[item.offerId] = own;
  }
  return problems;
}

export const canSave = (context: Pick<InspectionContext, 'trade' | 'drafts'>): boolean =>
  context.trade !== null && Object.keys(saveProblems(context)).length === 0;

/** The inspection the save sends: every device, its wipe only when it is accepted as it is. */
export function inspectionRequest(context: Pick<InspectionContext, 'trade' | 'drafts'>): InspectionRequest {
  const trade = context.trade!;
  return {
    version: trade.version,
    items: trade.items.map((item) => {
      const draft = context.drafts[item.offerId]!;
      const note = draft.note.trim();
      return {
        offerId: item.offerId,
        answers: { ...draft.answers },
        identifier: draft.identifier.trim(),
        ...(note !== '' && { note }),
        photoIds: draft.photos.flatMap((photo) => (photo.status === 'uploaded' && photo.photoId ? [photo.photoId] : [])),
        ...(acceptedAsIs(draft) && draft.erasure !== null && { erasure: draft.erasure }),
      };
    }),
  };
}

/**
 * The drafts of a (re)loaded trade: the inspection's own values, over them what the inspector typed
 * before (after a `stale` save) where it still fits — an answer only for a question the device still
 * has, with an answer it still offers.
 */
export function draftsFor(trade: StaffTrade, previous: Drafts): Drafts {
  return Object.fromEntries(
    trade.items.map((item) => {
      const before = previous[item.offerId];
      const answers = answersOf(item);
      for (const [questionId, answerId] of Object.entries(before?.answers ?? {})) {
        const question = item.questions.find((q) => String(q.id) === questionId);
        if (question?.answers.some((a) => a.id === answerId)) answers[questionId] = answerId;
      }
      const saved: PhotoDraft[] = (item.inspection?.photoIds ?? []).map((photoId) => ({
        key: photoId,
        name: '',
        photoId,
        status: 'uploaded',
        failure: null,
      }));
      const draft: ItemDraft = {
        answers,
        identifier: before?.identifier ?? item.inspection?.identifier ?? '',
        note: before?.note ?? item.inspection?.note ?? '',
        photos: before ? before.photos.filter((photo) => photo.status === 'uploaded') : saved,
        erasure: before?.erasure ?? null,
        quote: { status: 'pending' },
      };
      return [item.offerId, draft];
    }),
  );
}

const withDraft = (drafts: Drafts, offerId: string, change: (draft: ItemDraft) => Partial<ItemDraft>): Drafts => {
  const draft = drafts[offerId];
  return draft ? { ...drafts, [offerId]: { ...draft, ...change(draft) } } : drafts;
};

const withPhoto = (drafts: Drafts, offerId: string, key: string, change: Partial<PhotoDraft>): Drafts =>
  withDraft(drafts, offerId, (draft) => ({ photos: draft.photos.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)) }));

const questionOffers = (item: StaffTradeItem | undefined, questionId: number, answerId: number) =>
  item?.questions.some((q) => q.id === questionId && q.answers.some((a) => a.id === answerId)) ?? false;

type Failed = { readonly error: unknown };
const failureOf = (failed: Failed) => readStaffFailure(failed.error);

export const inspectionMachine = setup({
  types: {
    context: {} as InspectionContext,
    events: {} as InspectionEvent,
    input: {} as InspectionInput,
  },
  delays: {
    /** Quiet time after an answer changed before its quote is asked (a few quick changes ask once). */
    quoteDelay: 400,
  },
  actors: {
    load: fromPromise<StaffTrade, { readonly tradeNumber: string }>(notProvided('load')),
    hold: fromPromise<StaffTrade, { readonly tradeNumber: string; readonly takeOver: boolean }>(notProvided('hold')),
    /** Keeps the hold while the trade is edited; the real one gives it back when stopped. */
    keepHold: fromCallback<EventObject, { readonly tradeNumber: string }>(() => undefined),
    quote: quoteLogic(notProvided('quote')),
    upload: uploadLogic(notProvided('upload')),
    /** Deletes an upload the inspector removed (a failure leaves an unused upload on the server, nothing else). */
    deletePhoto: fromPromise<void, { readonly tradeNumber: string; readonly photoId: string }>(async () => {}),
    save: fromPromise<StaffTrade, SaveInput>(notProvided('save')),
    erase: fromPromise<StaffTrade, EraseInput>(notProvided('erase')),
  },
  guards: {
    editable: ({ context }, trade: StaffTrade) => context.canInspect && trade.status === 'received',
    heldByOther: (_, trade: StaffTrade) => trade.heldBy !== null,
    notFound: (_, failed: Failed) => failureOf(failed).code === 'trade_not_found',
    complete: ({ context }) => canSave(context),
    /** The device has the question and the question that answer. */
    offersAnswer: ({ context }, { offerId, questionId, answerId }: { offerId: string; questionId: number; answerId: number }) =>
      questionOffers(
        context.trade?.items.find((i) => i.offerId === offerId),
        questionId,
        answerId,
      ),
    /** The trade changed meanwhile (another save, or it moved on): nothing was saved. */
    changedMeanwhile: (_, failed: Failed) => ['stale', 'wrong_status'].includes(failureOf(failed).code),
    /** The server refused a value of the form (400): back to it. */
    refusedInput: (_, failed: Failed) => failureOf(failed).status === 400,
    wipeReady: ({ context }, { offerId }: { offerId: string }) => {
      const item = context.trade?.items.find((i) => i.offerId === offerId);
      return context.canInspect && item !== undefined && needsWipe(item) && (context.drafts[offerId]?.erasure ?? null) !== null;
    },
  },
  actions: {
    storeTrade: assign(({ context }, trade: StaffTrade) => ({ trade, drafts: draftsFor(trade, context.drafts), failure: null })),
    storeHeld: assign((_, trade: StaffTrade) => ({ trade, takeOver: false, failure: null })),
    storeFailure: assign((_, failed: Failed) => ({ failure: failureOf(failed) })),
    /** Asks every device's quote (the answers as they stand). */
    quoteAll: enqueueActions(({ context, enqueue }) => {
      for (const item of context.trade?.items ?? []) enqueue.raise({ type: 'quote.due', offerId: item.offerId });
    }),
    /** Tells the screens' data that the trade changed (provided by ./inspection.actors: the query cache). */
    changed: (_, _trade: StaffTrade) => {},
  },
}).createMachine({
  id: 'staffInspection',
  context: ({ input }) => ({
    tradeNumber: input.tradeNumber,
    canInspect: input.canInspect,
    trade: null,
    drafts: {},
    takeOver: false,
    failure: null,
    erasing: null,
    photoCount: 0,
  }),
  // The answers of the flow's own actors count in every state: a quote or an upload may finish while
  // the summary shows, and an upload that finished is kept for a reload.
  on: {
    'quote.answered': {
      actions: assign(({ context, event }) => ({
        drafts: withDraft(context.drafts, event.offerId, () => ({ quote: { status: 'answered' as const, quote: event.quote } })),
      })),
    },
    'quote.failed': {
      actions: assign(({ context, event }) => ({
        drafts: withDraft(context.drafts, event.offerId, () => ({ quote: { status: 'failed' as const, failure: event.failure } })),
      })),
    },
    'photo.uploaded': {
      actions: assign(({ context, event }) => ({
        drafts: withPhoto(context.drafts, event.offerId, event.key, { status: 'uploaded', photoId: event.photoId }),
      })),
    },
    'photo.refused': {
      actions: assign(({ context, event }) => ({
        drafts: withPhoto(context.drafts, event.offerId, event.key, { status: 'refused', failure: event.failure }),
      })),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ takeOver: false, erasing: null }),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ tradeNumber: context.tradeNumber }),
        onDone: [
          {
            guard: { type: 'editable', params: ({ event }) => event.output },
            target: 'holding',
            actions: { type: 'storeTrade', params: ({ event }) => event.output },
          },
          { target: 'viewing', actions: { type: 'storeTrade', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'inspection.retry': 'loading' } },
    notFound: { type: 'final' },
    holding: {
      invoke: {
        src: 'hold',
        input: ({ context }) => ({ tradeNumber: context.tradeNumber, takeOver: context.takeOver }),
        onDone: [
          {
            guard: { type: 'heldByOther', params: ({ event }) => event.output },
            target: 'heldByOther',
            actions: { type: 'storeHeld', params: ({ event }) => event.output },
          },
          { target: 'held', actions: [{ type: 'storeHeld', params: ({ event }) => event.output }, 'quoteAll'] },
        ],
        onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Another inspector has the trade open (`trade.heldBy`): shown as it is, with the take-over. */
    heldByOther: {
      on: { 'inspection.takeOver': { target: 'holding', actions: assign({ takeOver: true }) } },
    },
    held: {
      invoke: { src: 'keepHold', input: ({ context }) => ({ tradeNumber: context.tradeNumber }) },
      on: {
        'quote.due': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const draft = context.drafts[event.offerId];
            if (!draft) return;
            enqueue.stopChild(`quote-${event.offerId}`);
            enqueue.spawnChild('quote', {
              id: `quote-${event.offerId}`,
              input: { tradeNumber: context.tradeNumber, offerId: event.offerId, answers: draft.answers },
            });
            enqueue.assign({ drafts: withDraft(context.drafts, event.offerId, () => ({ quote: { status: 'pending' as const } })) });
          }),
        },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'inspection.answer': {
              guard: { type: 'offersAnswer', params: ({ event }) => event },
              actions: enqueueActions(({ context, event, enqueue }) => {
                enqueue.assign({
                  drafts: withDraft(context.drafts, event.offerId, (draft) => ({
                    answers: { ...draft.answers, [String(event.questionId)]: event.answerId },
                    quote: { status: 'pending' as const },
                  })),
                });
                enqueue.stopChild(`quote-${event.offerId}`);
                enqueue.cancel(`quote-due-${event.offerId}`);
                enqueue.raise({ type: 'quote.due', offerId: event.offerId }, { id: `quote-due-${event.offerId}`, delay: 'quoteDelay' });
              }),
            },
            'inspection.retryQuote': {
              actions: enqueueActions(({ event, enqueue }) => enqueue.raise({ type: 'quote.due', offerId: event.offerId })),
            },
            'inspection.identifier': {
              actions: assign(({ context, event }) => ({
                drafts: withDraft(context.drafts, event.offerId, () => ({ identifier: event.value })),
              })),
            },
            'inspection.note': {
              actions: assign(({ context, event }) => ({
                drafts: withDraft(context.drafts, event.offerId, () => ({ note: event.value })),
              })),
            },
            'inspection.chooseWipe': {
              actions: assign(({ context, event }) => ({
                drafts: withDraft(context.drafts, event.offerId, () => ({ erasure: event.method })),
              })),
            },
            'inspection.addPhotos': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                const draft = context.drafts[event.offerId];
                if (!draft) return;
                let count = context.photoCount;
                let kept = draft.photos.filter((photo) => photo.status !== 'refused').length;
                const added: PhotoDraft[] = [];
                for (const file of event.files) {
                  count += 1;
                  const key = `photo-${count}`;
                  if (kept >= MAX_PHOTOS) {
                    added.push({ key, name: file.name, photoId: null, status: 'refused', failure: 'too_many' });
                    continue;
                  }
                  kept += 1;
                  added.push({ key, name: file.name, photoId: null, status: 'uploading', failure: null });
                  enqueue.spawnChild('upload', { id: key, input: { tradeNumber: context.tradeNumber, offerId: event.offerId, key, file } });
                }
                enqueue.assign({
                  photoCount: count,
                  drafts: withDraft(context.drafts, event.offerId, () => ({ photos: [...draft.photos, ...added] })),
                });
              }),
            },
            'inspection.removePhoto': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                const photo = context.drafts[event.offerId]?.photos.find((p) => p.key === event.key);
                if (!photo) return;
                if (photo.status === 'uploading') enqueue.stopChild(photo.key);
                if (photo.status === 'uploaded' && photo.photoId !== null) {
                  enqueue.spawnChild('deletePhoto', { input: { tradeNumber: context.tradeNumber, photoId: photo.photoId } });
                }
                enqueue.assign({
                  drafts: withDraft(context.drafts, event.offerId, (draft) => ({
                    photos: draft.photos.filter((p) => p.key !== event.key),
                  })),
                });
              }),
            },
            'inspection.review': { guard: 'complete', target: 'reviewing', actions: assign({ failure: null }) },
          },
        },
        /** The summary: what saving does to each device and to the trade. */
        reviewing: {
          on: {
            'inspection.back': 'editing',
            'inspection.save': { guard: 'complete', target: 'saving' },
          },
        },
        saving: {
          invoke: {
            src: 'save',
            input: ({ context }) => ({ tradeNumber: context.tradeNumber, request: inspectionRequest(context) }),
            onDone: {
              target: '#staffInspection.saved',
              actions: [
                assign(({ event }) => ({ trade: event.output, failure: null })),
                { type: 'changed', params: ({ event }) => event.output },
              ],
            },
            onError: [
              {
                guard: { type: 'changedMeanwhile', params: ({ event }) => ({ error: event.error }) },
                target: '#staffInspection.stale',
                actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'refusedInput', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'saveFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        saveFailed: {
          on: {
            'inspection.retry': 'saving',
            'inspection.back': 'editing',
          },
        },
      },
    },
    /** Nothing was saved: `failure` names who changed the trade and when (or the status it is in now). */
    stale: { on: { 'inspection.reload': 'loading' } },
    /** The saved trade (inspected, or waiting for the seller's answer). */
    saved: { on: { 'inspection.reload': 'loading' } },
    /** The trade as it is; an accepted device without its certificate can get its wipe confirmed. */
    viewing: {
      on: {
        'inspection.chooseWipe': {
          actions: assign(({ context, event }) => ({
            drafts: withDraft(context.drafts, event.offerId, () => ({ erasure: event.method })),
          })),
        },
        'inspection.confirmWipe': {
          guard: { type: 'wipeReady', params: ({ event }) => event },
          target: 'erasing',
          actions: assign(({ event }) => ({ erasing: event.offerId, failure: null })),
        },
      },
    },
    erasing: {
      invoke: {
        src: 'erase',
        input: ({ context }) => ({
          tradeNumber: context.tradeNumber,
          offerId: context.erasing ?? '',
          version: context.trade?.version ?? 0,
          method: context.drafts[context.erasing ?? '']?.erasure ?? 'factory_reset_encrypted',
        }),
        onDone: {
          target: 'viewing',
          actions: [
            assign(({ event }) => ({ trade: event.output, erasing: null })),
            { type: 'changed', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'changedMeanwhile', params: ({ event }) => ({ error: event.error }) },
            target: 'stale',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'viewing',
            actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, assign({ erasing: null })],
          },
        ],
      },
    },
  },
});
