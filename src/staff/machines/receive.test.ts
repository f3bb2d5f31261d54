import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ReceiveAnswer, StaffTrade } from '../../contracts/staff';
import { StaffCallError, staffFailure } from '../services/failure';
import { receivedTrade } from './inspection.fixtures';
import { receiveMachine } from './receive';

function start(answer: (code: string) => Promise<ReceiveAnswer>) {
  const calls: string[] = [];
  const opened: string[] = [];
  const pending: (() => void)[] = [];
  const machine = receiveMachine.provide({
    actors: {
      receive: fromPromise(async ({ input }: { input: { code: string } }) => {
        calls.push(input.code);
        await new Promise<void>((resolve) => pending.push(resolve));
        return answer(input.code);
      }),
    },
    actions: { openTrade: (_, trade: StaffTrade) => void opened.push(trade.tradeNumber) },
  });
  const actor = createActor(machine).start();
  const answerNext = async () => {
    await waitFor(actor, () => pending.length > 0);
    pending.shift()!();
    await waitFor(actor, (s) => !s.matches('receiving') || pending.length > 0);
  };
  return { actor, calls, opened, answerNext };
}

const scan = (actor: ReturnType<typeof start>['actor'], code: string) => {
  actor.send({ type: 'receive.type', code });
  actor.send({ type: 'receive.submit' });
};

describe('receive machine', () => {
  it('sends the scanned code, empties the field and puts the result first in the list', async () => {
    const { actor, calls, answerNext } = start(async () => ({ received: true, trade: receivedTrade() }));
    scan(actor, ' TR-2026-000042 ');
    expect(actor.getSnapshot().context).toMatchObject({ code: '', sending: 'TR-2026-000042' });
    await answerNext();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.scans[0]).toMatchObject({ id: 1, code: 'TR-2026-000042', result: 'received' });
    expect(calls).toEqual(['TR-2026-000042']);
  });

  it('a parcel received before says so and opens its trade', async () => {
    const { actor, opened, answerNext } = start(async () => ({ received: false, trade: receivedTrade() }));
    scan(actor, 'TR-2026-000042');
    await answerNext();
    expect(actor.getSnapshot().context.scans[0]?.result).toBe('again');
    expect(opened).toEqual(['TR-2026-000042']);
  });

  it('a refusal is kept with its reason (and the status of a cancelled trade)', async () => {
    const { actor, answerNext } = start(async (code) =>
      Promise.reject(
        new StaffCallError(
          code === 'TR-X'
            ? staffFailure('trade_not_found', { status: 404 })
            : staffFailure('wrong_status', { status: 409, tradeStatus: 'cancelled' }),
        ),
      ),
    );
    scan(actor, 'TR-X');
    await answerNext();
    scan(actor, 'TR-2026-000007');
    await answerNext();
    const [second, first] = actor.getSnapshot().context.scans;
    expect(first).toMatchObject({ result: 'refused', failure: { code: 'trade_not_found' } });
    expect(second).toMatchObject({ result: 'refused', failure: { code: 'wrong_status', tradeStatus: 'cancelled' } });
  });

  it('an empty scan is refused in the browser; a scan made while one is sent waits its turn', async () => {
    const { actor, calls, answerNext } = start(async () => ({ received: true, trade: receivedTrade() }));
    scan(actor, '   ');
    expect(actor.getSnapshot().context.issue).toBe('required');
    expect(calls).toEqual([]);
    scan(actor, 'TR-1');
    actor.send({ type: 'receive.scanned', code: 'TR-2' });
    await answerNext();
    expect(actor.getSnapshot().value).toBe('receiving');
    await answerNext();
    expect(calls).toEqual(['TR-1', 'TR-2']);
    expect(actor.getSnapshot().context.scans.map((s) => s.code)).toEqual(['TR-2', 'TR-1']);
  });
});
