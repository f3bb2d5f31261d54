import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BulkLineResult, BulkOfferAnswer, BulkOfferRequest } from '../contracts/bulk-offers';
import type { Offer } from '../contracts/offers';
import { ApiCallError } from '../services/api-failure';
import { bulkUploadMachine, selectedLines } from './bulk-upload';

const offer = (offerId: string, deviceId: number, price: number): Offer => ({
  offerId,
  deviceId,
  deviceName: `Device ${deviceId}`,
  locale: 'de',
  answers: { '1': 11 },
  price,
  currency: 'EUR',
  conditionId: 1,
  kind: 'purchase',
  validUntil: '2030-01-01T00:00:00.000Z',
  createdAt: '2029-12-10T00:00:00.000Z',
});
const matched = (line: number, offerId: string, quantity = 1): BulkLineResult => ({
  status: 'matched',
  line,
  text: `device ${line}`,
  quantity,
  grade: 'A',
  offer: offer(offerId, 100 + line, 10 * line),
  device: { url: `device-${line}`, thumbnail: '/images/devices/phone.svg', category: 'Smartphones' },
});
const unmatched: BulkLineResult = {
  status: 'unmatched',
  line: 3,
  text: 'iPhone 13',
  quantity: 2,
  grade: 'B',
  reason: 'ambiguous',
  suggestions: [{ deviceId: 1300, name: 'Apple iPhone 13 128 GB' }],
};
const invalid: BulkLineResult = { status: 'invalid', line: 4, text: 'Pixel 7 · zwei · A', problems: ['quantity'] };

function harness(answer: (request: BulkOfferRequest) => Promise<BulkOfferAnswer>) {
  const requests: BulkOfferRequest[] = [];
  const machine = bulkUploadMachine.provide({
    actors: {
      matchList: fromPromise(async ({ input }: { input: BulkOfferRequest }) => {
        requests.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, requests };
}

const httpError = (status: number) => new ApiCallError({ status, body: { statusCode: status, error: 'x', message: 'x' } });

describe('bulk upload machine', () => {
  it('sends the pasted list, keeps all matched lines chosen and takes the chosen ones into the cart', async () => {
    const h = harness(async () => ({ lines: [matched(1, 'a', 3), matched(2, 'b'), unmatched, invalid] }));
    h.actor.send({ type: 'bulk.submit' });
    expect(h.actor.getSnapshot().value).toBe('editing'); // nothing to send yet
    h.actor.send({ type: 'bulk.changeText', value: 'iPhone 13;3;A' });
    h.actor.send({ type: 'bulk.submit' });
    expect(h.actor.getSnapshot().value).toBe('matching');
    await waitFor(h.actor, (s) => s.matches('results'));
    expect(h.requests).toEqual([{ kind: 'text', text: 'iPhone 13;3;A' }]);
    expect(h.actor.getSnapshot().context.selected).toEqual(['a', 'b']);
    h.actor.send({ type: 'bulk.toggle', offerId: 'b' });
    h.actor.send({ type: 'bulk.toggle', offerId: 'not-a-line' });
    expect(selectedLines(h.actor.getSnapshot().context).map((l) => l.offer.offerId)).toEqual(['a']);
    expect(selectedLines(h.actor.getSnapshot().context)).toEqual([
      expect.objectContaining({ quantity: 3, offer: expect.objectContaining({ offerId: 'a' }) }),
    ]);
    h.actor.send({ type: 'bulk.take' });
    expect(h.actor.getSnapshot().value).toBe('taken');
    expect(h.actor.getSnapshot().context.taken).toBe(1);
  });

  it('refuses to take nothing', async () => {
    const h = harness(async () => ({ lines: [matched(1, 'a')] }));
    h.actor.send({ type: 'bulk.changeText', value: 'x' });
    h.actor.send({ type: 'bulk.submit' });
    await waitFor(h.actor, (s) => s.matches('results'));
    h.actor.send({ type: 'bulk.toggle', offerId: 'a' });
    h.actor.send({ type: 'bulk.take' });
    expect(h.actor.getSnapshot().value).toBe('results');
  });

  it('sends a chosen file instead of the text, and refuses a file over 256 KB before sending', async () => {
    const h = harness(async () => ({ lines: [], encoding: 'windows-1252' }));
    h.actor.send({ type: 'bulk.chooseFile', name: 'big.csv', base64: 'QQ==', bytes: 300 * 1024 });
    expect(h.actor.getSnapshot().context).toMatchObject({ file: null, failure: 'tooLarge' });
    h.actor.send({ type: 'bulk.chooseFile', name: 'list.csv', base64: 'QQ==', bytes: 1 });
    h.actor.send({ type: 'bulk.submit' });
    await waitFor(h.actor, (s) => s.matches('results'));
    expect(h.requests).toEqual([{ kind: 'file', base64: 'QQ==' }]);
    expect(h.actor.getSnapshot().context.lines).toEqual([]);
  });

  it('corrects an unmatched line and matches it again; a picked suggestion sends its device', async () => {
    const h = harness(async (request) =>
      request.kind === 'lines'
        ? { lines: [matched(request.lines[0]!.line, `re-${request.lines[0]!.deviceId ?? 'text'}`, request.lines[0]!.quantity)] }
        : { lines: [matched(1, 'a'), unmatched, invalid] },
    );
    h.actor.send({ type: 'bulk.changeText', value: 'x' });
    h.actor.send({ type: 'bulk.submit' });
    await waitFor(h.actor, (s) => s.matches('results'));

    h.actor.send({ type: 'bulk.editLine', line: 4, edit: { text: '' } });
    h.actor.send({ type: 'bulk.rerunLine', line: 4 });
    expect(h.actor.getSnapshot().value).toBe('results'); // an empty model is not sent
    h.actor.send({ type: 'bulk.editLine', line: 4, edit: { text: 'Pixel 7 128GB', quantity: 2 } });
    h.actor.send({ type: 'bulk.rerunLine', line: 4 });
    expect(h.actor.getSnapshot().context.rematching).toBe(4);
    await waitFor(h.actor, (s) => s.matches('results'));
    expect(h.requests[1]).toEqual({ kind: 'lines', lines: [{ line: 4, text: 'Pixel 7 128GB', quantity: 2, grade: 'B' }] });

    h.actor.send({ type: 'bulk.pickSuggestion', line: 3, deviceId: 1300 });
    await waitFor(h.actor, (s) => s.matches('results'));
    expect(h.requests[2]).toEqual({ kind: 'lines', lines: [{ line: 3, text: 'iPhone 13', quantity: 2, grade: 'B', deviceId: 1300 }] });
    expect(h.actor.getSnapshot().context.lines.map((l) => l.status)).toEqual(['matched', 'matched', 'matched']);
    expect(h.actor.getSnapshot().context.selected).toEqual(['a', 're-text', 're-1300']);
    // A matched line is not matched again.
    h.actor.send({ type: 'bulk.rerunLine', line: 1 });
    expect(h.actor.getSnapshot().value).toBe('results');
  });

  it('tells a list over the limits, too many lists and a lost connection apart; retry sends again', async () => {
    let next: unknown = httpError(413);
    const h = harness(async () => {
      if (next) throw next;
      return { lines: [matched(1, 'a')] };
    });
    h.actor.send({ type: 'bulk.changeText', value: 'x' });
    h.actor.send({ type: 'bulk.submit' });
    await waitFor(h.actor, (s) => s.matches('failed'));
    expect(h.actor.getSnapshot().context.failure).toBe('tooLarge');
    next = httpError(429);
    h.actor.send({ type: 'bulk.retry' });
    await waitFor(h.actor, (s) => s.matches('failed'));
    expect(h.actor.getSnapshot().context.failure).toBe('rateLimited');
    next = new TypeError('fetch failed');
    h.actor.send({ type: 'bulk.retry' });
    await waitFor(h.actor, (s) => s.matches('failed'));
    expect(h.actor.getSnapshot().context.failure).toBe('network');
    next = null;
    h.actor.send({ type: 'bulk.retry' });
    await waitFor(h.actor, (s) => s.matches('results'));
    expect(h.actor.getSnapshot().context).toMatchObject({ failure: null, text: 'x' });
    h.actor.send({ type: 'bulk.restart' });
    expect(h.actor.getSnapshot()).toMatchObject({ value: 'editing', context: { text: 'x', lines: [] } });
  });

  it('forgets the failure of a file once the file is removed: the pasted list has not been sent', async () => {
    const h = harness(async () => {
      throw new TypeError('fetch failed');
    });
    h.actor.send({ type: 'bulk.changeText', value: 'iPhone 13;1;A' });
    h.actor.send({ type: 'bulk.chooseFile', name: 'liste.csv', base64: 'QQ==', bytes: 1 });
    h.actor.send({ type: 'bulk.submit' });
    await waitFor(h.actor, (s) => s.matches('failed'));
    expect(h.actor.getSnapshot().context).toMatchObject({ failure: 'network', file: { name: 'liste.csv' } });
    h.actor.send({ type: 'bulk.clearFile' });
    expect(h.actor.getSnapshot()).toMatchObject({ value: 'editing', context: { failure: null, file: null, text: 'iPhone 13;1;A' } });
  });
});
