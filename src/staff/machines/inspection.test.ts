import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { identifierProblem, type QuoteAnswer, type StaffTrade } from '../../contracts/staff';
import { StaffCallError, staffFailure } from '../services/failure';
import {
  acceptedAfterClarification,
  BAD_IMEI,
  GALAXY,
  heldByOther,
  IMEI,
  IPHONE,
  quote,
  receivedTrade,
  savedTrade,
} from './inspection.fixtures';
import {
  canSave,
  draftsFor,
  inspectionMachine,
  inspectionRequest,
  MAX_PHOTOS,
  quoteLogic,
  saveProblems,
  uploadLogic,
  type EraseInput,
  type QuoteInput,
  type SaveInput,
  type UploadInput,
} from './inspection';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Script {
  load?: () => Promise<StaffTrade>;
  hold?: (input: { takeOver: boolean }) => Promise<StaffTrade>;
  quote?: (input: QuoteInput) => Promise<QuoteAnswer>;
  upload?: (input: UploadInput) => Promise<{ id: string }>;
  save?: (input: SaveInput) => Promise<StaffTrade>;
  erase?: (input: EraseInput) => Promise<StaffTrade>;
}

function start(script: Script = {}, canInspect = true) {
  const calls: string[] = [];
  const released: string[] = [];
  const deleted: string[] = [];
  const machine = inspectionMachine.provide({
    delays: { quoteDelay: 5 },
    actors: {
      load: fromPromise(async () => {
        calls.push('load');
        return (script.load ?? (async () => receivedTrade()))();
      }),
      hold: fromPromise(async ({ input }: { input: { tradeNumber: string; takeOver: boolean } }) => {
        calls.push(`hold${input.takeOver ? ' takeOver' : ''}`);
        return (script.hold ?? (async () => receivedTrade()))(input);
      }),
      keepHold: fromCallback<EventObject, { tradeNumber: string }>(
        ({ input }) =>
          () =>
            void released.push(input.tradeNumber),
      ),
      quote: quoteLogic(async (input) => {
        calls.push(`quote ${input.offerId.slice(0, 4)} ${JSON.stringify(input.answers)}`);
        return (script.quote ?? (async (i: QuoteInput) => quote(i.offerId, 'asOffered')))(input);
      }),
      upload: uploadLogic(async (input) => {
        calls.push(`upload ${input.file.name}`);
        return (script.upload ?? (async () => ({ id: '44444444-4444-4444-8444-444444444444' })))(input);
      }),
      deletePhoto: fromPromise<void, { tradeNumber: string; photoId: string }>(async ({ input }) => {
        deleted.push(input.photoId);
      }),
      save: fromPromise(async ({ input }: { input: SaveInput }) => {
        calls.push('save');
        return (script.save ?? (async () => savedTrade('inspected')))(input);
      }),
      erase: fromPromise(async ({ input }: { input: EraseInput }) => {
        calls.push(`erase ${input.method} v${input.version}`);
        return (script.erase ?? (async () => acceptedAfterClarification(true)))(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { tradeNumber: 'TR-2026-000042', canInspect } }).start();
  return { actor, calls, released, deleted };
}

type Actor = ReturnType<typeof start>['actor'];
const drafts = (actor: Actor) => actor.getSnapshot().context.drafts;
const refuse = (code: Parameters<typeof staffFailure>[0], details: Parameters<typeof staffFailure>[1] = {}) =>
  Promise.reject(new StaffCallError(staffFailure(code, details)));

/** Both phones identified and wiped, quotes as offered. */
async function readyToSave(actor: Actor) {
  await waitFor(actor, (s) => s.matches({ held: 'editing' }) && s.context.drafts[GALAXY]?.quote.status === 'answered');
  for (const offerId of [IPHONE, GALAXY]) {
    actor.send({ type: 'inspection.identifier', offerId, value: IMEI });
    actor.send({ type: 'inspection.chooseWipe', offerId, method: 'cryptographic_erase' });
  }
}

describe('inspection machine', () => {
  it('loads a received trade, takes the hold and asks both quotes with the seller’s answers', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('held') && Object.values(s.context.drafts).every((d) => d.quote.status === 'answered'));
    expect(actor.getSnapshot().value).toEqual({ held: 'editing' });
    expect(calls).toEqual(['load', 'hold', `quote 1111 {"1":11,"2":21}`, `quote 2222 {"1":11,"2":21}`]);
    expect(saveProblems(actor.getSnapshot().context)).toEqual({ [IPHONE]: ['identifier', 'wipe'], [GALAXY]: ['identifier', 'wipe'] });
  });

  it('names another inspector’s hold and takes the trade over on request', async () => {
    const { actor, calls } = start({ hold: async ({ takeOver }) => (takeOver ? receivedTrade() : heldByOther()) });
    await waitFor(actor, (s) => s.matches('heldByOther'));
    expect(actor.getSnapshot().context.trade?.heldBy?.name).toBe('Max Prüfer');
    actor.send({ type: 'inspection.takeOver' });
    await waitFor(actor, (s) => s.matches({ held: 'editing' }));
    expect(calls.slice(0, 3)).toEqual(['load', 'hold', 'hold takeOver']);
  });

  it('shows a trade that is not waiting for its inspection, and a trade to a user who is no inspector, as it is', async () => {
    const inspected = start({ load: async () => savedTrade('inspected') });
    await waitFor(inspected.actor, (s) => s.matches('viewing'));
    expect(inspected.calls).toEqual(['load']);
    const support = start({}, false);
    await waitFor(support.actor, (s) => s.matches('viewing'));
    expect(support.calls).toEqual(['load']);
  });

  it('an unknown trade ends in notFound; a failed load can be retried', async () => {
    const unknown = start({ load: () => refuse('trade_not_found', { status: 404 }) });
    await waitFor(unknown.actor, (s) => s.matches('notFound'));
    let first = true;
    const flaky = start({
      load: async () => {
        if (first) {
          first = false;
          return refuse('network');
        }
        return receivedTrade();
      },
    });
    await waitFor(flaky.actor, (s) => s.matches('failed'));
    expect(flaky.actor.getSnapshot().context.failure?.code).toBe('network');
    flaky.actor.send({ type: 'inspection.retry' });
    await waitFor(flaky.actor, (s) => s.matches({ held: 'editing' }));
  });

  it('asks the quote once after quick answer changes, and ignores an answer the question does not offer', async () => {
    const { actor, calls } = start({
      quote: async (input) =>
        quote(input.offerId, input.answers['1'] === 13 ? 'worse' : 'asOffered', input.answers['1'] === 13 ? 12_400 : 31_000),
    });
    await waitFor(actor, (s) => s.matches({ held: 'editing' }) && s.context.drafts[GALAXY]?.quote.status === 'answered');
    calls.length = 0;
    actor.send({ type: 'inspection.answer', offerId: IPHONE, questionId: 1, answerId: 12 });
    actor.send({ type: 'inspection.answer', offerId: IPHONE, questionId: 1, answerId: 13 });
    actor.send({ type: 'inspection.answer', offerId: IPHONE, questionId: 1, answerId: 99 });
    expect(drafts(actor)[IPHONE]?.quote.status).toBe('pending');
    expect(drafts(actor)[IPHONE]?.answers).toEqual({ '1': 13, '2': 21 });
    await waitFor(actor, (s) => s.context.drafts[IPHONE]?.quote.status === 'answered');
    expect(calls).toEqual([`quote 1111 {"1":13,"2":21}`]);
    const state = drafts(actor)[IPHONE]!.quote;
    expect(state.status === 'answered' && state.quote).toMatchObject({ outcome: 'worse', payCents: 12_400 });
  });

  it('a failed quote keeps the save closed until it is asked again', async () => {
    let fail = true;
    const { actor } = start({
      quote: async (input) => (fail && input.offerId === GALAXY ? refuse('server', { status: 503 }) : quote(input.offerId, 'asOffered')),
    });
    await waitFor(actor, (s) => s.context.drafts[GALAXY]?.quote.status === 'failed');
    for (const offerId of [IPHONE, GALAXY]) {
      actor.send({ type: 'inspection.identifier', offerId, value: IMEI });
      actor.send({ type: 'inspection.chooseWipe', offerId, method: 'cryptographic_erase' });
    }
    expect(saveProblems(actor.getSnapshot().context)).toEqual({ [GALAXY]: ['quote'] });
    fail = false;
    actor.send({ type: 'inspection.retryQuote', offerId: GALAXY });
    await waitFor(actor, (s) => canSave(s.context));
  });

  it('saves only when every device has a valid identifier and every accepted one its wipe; a worse one needs no wipe', async () => {
    const { actor } = start({ quote: async (input) => quote(input.offerId, input.offerId === GALAXY ? 'worse' : 'better', 33_000) });
    await waitFor(actor, (s) => s.context.drafts[GALAXY]?.quote.status === 'answered');
    actor.send({ type: 'inspection.review' });
    expect(actor.getSnapshot().value).toEqual({ held: 'editing' });
    actor.send({ type: 'inspection.identifier', offerId: IPHONE, value: BAD_IMEI });
    actor.send({ type: 'inspection.identifier', offerId: GALAXY, value: 'R58N12ABCDE' });
    expect(identifierProblem(BAD_IMEI)).toBe('imei_check_digit');
    expect(saveProblems(actor.getSnapshot().context)).toEqual({ [IPHONE]: ['identifier', 'wipe'] });
    actor.send({ type: 'inspection.identifier', offerId: IPHONE, value: '4901 5420 3237 518' });
    actor.send({ type: 'inspection.chooseWipe', offerId: IPHONE, method: 'factory_reset_encrypted' });
    actor.send({ type: 'inspection.chooseWipe', offerId: GALAXY, method: 'factory_reset_encrypted' });
    actor.send({ type: 'inspection.note', offerId: GALAXY, value: '  Back glass cracked  ' });
    actor.send({ type: 'inspection.review' });
    expect(actor.getSnapshot().value).toEqual({ held: 'reviewing' });
    expect(inspectionRequest(actor.getSnapshot().context)).toEqual({
      version: 3,
      items: [
        {
          offerId: IPHONE,
          answers: { '1': 11, '2': 21 },
          identifier: '4901 5420 3237 518',
          photoIds: [],
          erasure: 'factory_reset_encrypted',
        },
        // Worse: it goes to the seller first, so no wipe is confirmed yet.
        { offerId: GALAXY, answers: { '1': 11, '2': 21 }, identifier: 'R58N12ABCDE', note: 'Back glass cracked', photoIds: [] },
      ],
    });
  });

  it('uploads photos at once, at most six, shows a refusal per photo and deletes a removed upload', async () => {
    let n = 0;
    const { actor, calls, deleted } = start({
      upload: async (input) => {
        if (input.file.name === 'huge.jpg') return refuse('photo_rejected', { status: 413 });
        n += 1;
        return { id: `44444444-4444-4444-8444-44444444444${n}` };
      },
    });
    await waitFor(actor, (s) => s.matches({ held: 'editing' }));
    const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
    actor.send({ type: 'inspection.addPhotos', offerId: IPHONE, files: [file('front.jpg'), file('huge.jpg')] });
    expect(drafts(actor)[IPHONE]?.photos.map((p) => p.status)).toEqual(['uploading', 'uploading']);
    await waitFor(actor, (s) => s.context.drafts[IPHONE]!.photos.every((p) => p.status !== 'uploading'));
    expect(drafts(actor)[IPHONE]?.photos.map((p) => [p.name, p.status, p.failure])).toEqual([
      ['front.jpg', 'uploaded', null],
      ['huge.jpg', 'refused', 'photo_rejected'],
    ]);
    actor.send({ type: 'inspection.addPhotos', offerId: IPHONE, files: Array.from({ length: 6 }, (_, i) => file(`p${i}.jpg`)) });
    expect(drafts(actor)[IPHONE]?.photos.filter((p) => p.status !== 'refused')).toHaveLength(MAX_PHOTOS);
    expect(drafts(actor)[IPHONE]?.photos.at(-1)).toMatchObject({ name: 'p5.jpg', status: 'refused', failure: 'too_many' });
    await waitFor(actor, (s) => s.context.drafts[IPHONE]!.photos.every((p) => p.status !== 'uploading'));
    const front = drafts(actor)[IPHONE]!.photos[0]!;
    actor.send({ type: 'inspection.removePhoto', offerId: IPHONE, key: front.key });
    await tick();
    expect(deleted).toEqual([front.photoId]);
    expect(drafts(actor)[IPHONE]?.photos.some((p) => p.key === front.key)).toBe(false);
    expect(calls.filter((c) => c.startsWith('upload'))).toHaveLength(7);
  });

  it('saves, releases the hold and shows the saved trade', async () => {
    const { actor, released } = start({ save: async () => savedTrade('clarification') });
    await readyToSave(actor);
    actor.send({ type: 'inspection.review' });
    actor.send({ type: 'inspection.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(actor.getSnapshot().context.trade?.status).toBe('clarification');
    expect(released).toEqual(['TR-2026-000042']);
  });

  it('a stale save saves nothing; the reload keeps the typed values that still fit', async () => {
    let version = 3;
    const { actor } = start({
      load: async () =>
        receivedTrade({
          version,
          // After the other save the display question offers one answer less.
          ...(version > 3 && {
            items: receivedTrade().items.map((i) => ({
              ...i,
              questions: i.questions.map((q) => (q.id === 1 ? { ...q, answers: q.answers.filter((a) => a.id !== 12) } : q)),
            })),
          }),
        }),
      hold: async () => receivedTrade({ version }),
      save: () => refuse('stale', { status: 409, changedBy: 'max@staff.example', changedAt: '2026-11-04T09:45:00.000Z' }),
    });
    await readyToSave(actor);
    actor.send({ type: 'inspection.answer', offerId: IPHONE, questionId: 1, answerId: 12 });
    actor.send({ type: 'inspection.answer', offerId: GALAXY, questionId: 2, answerId: 22 });
    actor.send({ type: 'inspection.note', offerId: IPHONE, value: 'Scratches' });
    await waitFor(actor, (s) => canSave(s.context));
    actor.send({ type: 'inspection.review' });
    actor.send({ type: 'inspection.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(actor.getSnapshot().context.failure).toMatchObject({ code: 'stale', changedBy: 'max@staff.example' });
    version = 4;
    actor.send({ type: 'inspection.reload' });
    await waitFor(actor, (s) => s.matches({ held: 'editing' }));
    const kept = drafts(actor);
    expect(kept[IPHONE]).toMatchObject({
      answers: { '1': 11, '2': 21 },
      identifier: IMEI,
      note: 'Scratches',
      erasure: 'cryptographic_erase',
    });
    expect(kept[GALAXY]?.answers).toEqual({ '1': 11, '2': 22 });
    expect(actor.getSnapshot().context.trade?.version).toBe(4);
  });

  it('a failed save can be retried; a refused identifier goes back to the form', async () => {
    let attempt = 0;
    const { actor } = start({
      save: async () => {
        attempt += 1;
        if (attempt === 1) return refuse('server', { status: 500 });
        if (attempt === 2)
          return refuse('invalid_identifier', { status: 400, fields: [{ path: 'items.1.identifier', code: 'invalid', message: 'x' }] });
        return savedTrade('inspected');
      },
    });
    await readyToSave(actor);
    actor.send({ type: 'inspection.review' });
    actor.send({ type: 'inspection.save' });
    await waitFor(actor, (s) => s.matches({ held: 'saveFailed' }));
    actor.send({ type: 'inspection.retry' });
    await waitFor(actor, (s) => s.matches({ held: 'editing' }));
    expect(actor.getSnapshot().context.failure?.code).toBe('invalid_identifier');
    actor.send({ type: 'inspection.review' });
    actor.send({ type: 'inspection.save' });
    await waitFor(actor, (s) => s.matches('saved'));
  });

  it('confirms the wipe of a device accepted after a clarification', async () => {
    const { actor, calls } = start({ load: async () => acceptedAfterClarification() });
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'inspection.confirmWipe', offerId: IPHONE });
    expect(actor.getSnapshot().value).toBe('viewing');
    actor.send({ type: 'inspection.chooseWipe', offerId: IPHONE, method: 'cryptographic_erase' });
    actor.send({ type: 'inspection.confirmWipe', offerId: IPHONE });
    await waitFor(actor, (s) => s.matches('viewing') && s.context.trade?.items[0]?.certificate !== null);
    expect(calls).toEqual(['load', 'erase cryptographic_erase v7']);
  });
});

describe('draftsFor', () => {
  it('starts from the seller’s answers overlaid with an inspection’s own', () => {
    const drafts = draftsFor(acceptedAfterClarification(), {});
    expect(drafts[IPHONE]).toMatchObject({ answers: { '1': 13, '2': 21 }, identifier: IMEI, note: 'Display cracked' });
    expect(drafts[IPHONE]?.photos.map((p) => p.status)).toEqual(['uploaded']);
  });
});
