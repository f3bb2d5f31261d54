// Model-based test of the bulk upload against the production bulk upload machine.

import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { BulkLineResult, BulkOfferAnswer, BulkOfferRequest } from '../src/contracts/bulk-offers';
import { bulkUploadMachine, selectedLines } from '../src/machines/bulk-upload';
import { ApiCallError } from '../src/services/api-failure';
import { bulkUploadModel } from './bulk-upload.model';
import { controllable } from './support/controllable';
import { describeMachineFlow } from './support/machine-runner';

const LIST = 'Modell;Anzahl;Zustand\niPhone 13 128 GB;3;A\nPS5 digital;2;B\niPhone 13;1;B\nPixel 7;zwei;A';

const matched = (line: number, offerId: string, quantity: number): BulkLineResult => ({
  status: 'matched',
  line,
  text: `line ${line}`,
  quantity,
  grade: 'A',
  offer: {
    offerId,
    deviceId: 1300 + line,
    deviceName: `Device ${line}`,
    locale: 'de',
    answers: { '1': 11 },
    price: 100,
    currency: 'EUR',
    conditionId: 1,
    kind: 'purchase',
    validUntil: '2030-01-01T00:00:00.000Z',
    createdAt: '2029-12-10T00:00:00.000Z',
  },
  device: { url: `device-${line}`, thumbnail: '/images/devices/phone.svg', category: 'Smartphones' },
});
const ANSWER: BulkOfferAnswer = {
  lines: [
    matched(2, '00000000-0000-4000-8000-000000000002', 3),
    matched(3, '00000000-0000-4000-8000-000000000003', 2),
    {
      status: 'unmatched',
      line: 4,
      text: 'iPhone 13',
      quantity: 1,
      grade: 'B',
      reason: 'ambiguous',
      suggestions: [{ deviceId: 1300, name: 'Apple iPhone 13 128 GB' }],
    },
    { status: 'invalid', line: 5, text: 'Pixel 7 · zwei · A', problems: ['quantity'] },
  ],
};

interface Harness {
  actor: Actor<typeof bulkUploadMachine>;
  match: ReturnType<typeof controllable<BulkOfferAnswer, BulkOfferRequest>>;
}

const context = (h: Harness) => h.actor.getSnapshot().context;

describeMachineFlow<Harness>({
  name: 'bulkUpload',
  model: bulkUploadModel,
  production: [bulkUploadMachine],
  simplePathBound: 0,
  start(inspect) {
    const match = controllable<BulkOfferAnswer, BulkOfferRequest>('matchList');
    const actor = createActor(bulkUploadMachine.provide({ actors: { matchList: match.logic } }), { inspect }).start();
    return { actor, match };
  },
  events: {
    PASTE_LIST: (h) => h.actor.send({ type: 'bulk.changeText', value: LIST }),
    CHOOSE_LARGE_FILE: (h) => h.actor.send({ type: 'bulk.chooseFile', name: 'all.csv', base64: 'QQ==', bytes: 400 * 1024 }),
    CHOOSE_FILE: (h) => h.actor.send({ type: 'bulk.chooseFile', name: 'liste.csv', base64: 'QQ==', bytes: 1 }),
    REMOVE_FILE: (h) => h.actor.send({ type: 'bulk.clearFile' }),
    SEND: (h) => h.actor.send({ type: 'bulk.submit' }),
    ANSWERED: (h) => h.match.resolve(ANSWER),
    SERVER_DOWN: (h) => h.match.reject(new ApiCallError({ status: 503 })),
    RATE_LIMITED: (h) => h.match.reject(new ApiCallError({ status: 429, retryAfterSeconds: 60 })),
    TOO_LARGE: (h) =>
      h.match.reject(new ApiCallError({ status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'x' } })),
    RETRY: (h) => h.actor.send({ type: 'bulk.retry' }),
    UNTICK: (h) => h.actor.send({ type: 'bulk.toggle', offerId: '00000000-0000-4000-8000-000000000003' }),
    CORRECT_LINE: (h) => h.actor.send({ type: 'bulk.editLine', line: 5, edit: { text: 'Pixel 7 128GB', quantity: 2 } }),
    CHECK_AGAIN: (h) => h.actor.send({ type: 'bulk.rerunLine', line: 5 }),
    PICK_SUGGESTION: (h) => h.actor.send({ type: 'bulk.pickSuggestion', line: 4, deviceId: 1300 }),
    LINE_MATCHED: (h) => {
      const line = h.match.inputs.at(-1)!;
      const first = line.kind === 'lines' ? line.lines[0]! : null;
      h.match.resolve({ lines: [matched(first!.line, '00000000-0000-4000-8000-000000000009', first!.quantity)] });
    },
    LINE_FAILED: (h) => h.match.reject(new ApiCallError({})),
    TAKE: (h) => h.actor.send({ type: 'bulk.take' }),
    START_AGAIN: (h) => h.actor.send({ type: 'bulk.restart' }),
    UPLOAD_ANOTHER: (h) => h.actor.send({ type: 'bulk.restart' }),
  },
  checks: {
    empty: (h) => expect(h.match.inputs).toEqual([]),
    fileRefused: (h) => expect(context(h)).toMatchObject({ file: null, failure: 'tooLarge' }),
    pasted: (h) => expect(context(h)).toMatchObject({ text: LIST, file: null, lines: [], failure: null }),
    fileChosen: (h) => expect(context(h).file).toEqual({ name: 'liste.csv', base64: 'QQ==' }),
    matching: (h) => expect(h.match.inputs.at(-1)).toEqual({ kind: 'text', text: LIST }),
    matchingFile: (h) => expect(h.match.inputs.at(-1)).toEqual({ kind: 'file', base64: 'QQ==' }),
    failed: (h) => expect(context(h)).toMatchObject({ failure: 'network', file: null }),
    fileFailed: (h) => expect(context(h)).toMatchObject({ failure: 'network', file: { name: 'liste.csv', base64: 'QQ==' } }),
    rateLimited: (h) => expect(context(h).failure).toBe('rateLimited'),
    tooLarge: (h) => expect(context(h).failure).toBe('tooLarge'),
    results: (h) => expect(selectedLines(context(h)).map((l) => l.quantity)).toEqual([3, 2]),
    resultsUnticked: (h) => expect(selectedLines(context(h)).map((l) => l.line)).toEqual([2]),
    corrected: (h) => expect(context(h).edits[5]).toEqual({ text: 'Pixel 7 128GB', quantity: 2, grade: 'B' }),
    rematching: (h) => {
      const request = h.match.inputs.at(-1)!;
      expect(request.kind).toBe('lines');
      expect(context(h).rematching).not.toBeNull();
    },
    lineMatched: (h) => expect(selectedLines(context(h))).toHaveLength(3),
    lineFailed: (h) => expect(context(h)).toMatchObject({ failure: 'network', rematching: null }),
    taken: (h) => expect(context(h).taken).toBe(2),
    takenOne: (h) => expect(context(h).taken).toBe(1),
    takenThree: (h) => expect(context(h).taken).toBe(3),
  },
});
