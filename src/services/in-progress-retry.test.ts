import { describe, expect, it } from 'vitest';
import { ApiCallError } from './api-failure';
import { IN_PROGRESS_PAUSES_MS, isStillInProgress, retryWhileInProgress } from './in-progress-retry';

const conflict = (extra: object = {}) =>
  new ApiCallError({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'm', ...extra } });

describe('retryWhileInProgress', () => {
  it('asks again after a 409 "in progress" with growing pauses and returns the answer that comes', async () => {
    const waited: number[] = [];
    const answers: (Error | string)[] = [conflict(), conflict(), 'TR-2026-000001'];
    const result = await retryWhileInProgress(
      async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      async (ms) => void waited.push(ms),
    );
    expect(result).toBe('TR-2026-000001');
    expect(waited).toEqual([1000, 2000]);
  });

  it('gives up after about 30 seconds of pauses with the last 409', async () => {
    const waited: number[] = [];
    let calls = 0;
    const last = conflict();
    await expect(
      retryWhileInProgress(
        async () => {
          calls++;
          throw last;
        },
        async (ms) => void waited.push(ms),
      ),
    ).rejects.toBe(last);
    expect(waited).toEqual([...IN_PROGRESS_PAUSES_MS]);
    expect(waited.reduce((a, b) => a + b, 0)).toBe(30_000);
    expect(calls).toBe(IN_PROGRESS_PAUSES_MS.length + 1);
  });

  it('does not retry any other failure: expired or used offers, validation, network', async () => {
    for (const error of [
      conflict({ expiredOfferIds: ['a'] }),
      conflict({ usedOfferIds: ['a'] }),
      new ApiCallError({ status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'm' } }),
      new ApiCallError({}),
    ]) {
      let calls = 0;
      await expect(
        retryWhileInProgress(
          async () => {
            calls++;
            throw error;
          },
          async () => undefined,
        ),
      ).rejects.toBe(error);
      expect(calls).toBe(1);
    }
    expect(isStillInProgress(conflict({ expiredOfferIds: [] }))).toBe(true);
  });
});
