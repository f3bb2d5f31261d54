// Register and forgot-password answer before they do their work when the runtime gives them a place
// for it (issue 16 part 3): the answer is the same and comes as fast for known and unknown addresses;
// the work (account, reset token, mail) follows, and a failure in it is logged, never answered.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { DeferredWork } from '../http/deferred-work';
import {
  accountTestApp,
  registerAndActivate,
  registrationPayload,
  testAccountServices,
  type TestAccountServices,
} from '../test-support/accounts';
import { logCollector } from '../test-support/app';
import { testDatabases } from '../test-support/databases';

const PASSWORD = 'Heidestrasse 17, Köln';

describe('DeferredWork', () => {
  it('runs work after the current turn, reports failures, and drains what runs', async () => {
    const work = new DeferredWork();
    const order: string[] = [];
    const failures: unknown[] = [];
    work.run(
      async () => void order.push('deferred'),
      (e) => failures.push(e),
    );
    work.run(
      async () => {
        throw new Error('mail server gone');
      },
      (e) => failures.push(e),
    );
    order.push('answer');
    expect(work.pending).toBe(2);
    await work.drain();
    expect(order).toEqual(['answer', 'deferred']);
    expect(failures).toEqual([new Error('mail server gone')]);
    expect(work.pending).toBe(0);
  });

  it('runs queued work one at a time (or as many as configured), in the order it came', async () => {
    for (const concurrency of [1, 2]) {
      const work = new DeferredWork({ concurrency });
      let running = 0;
      let most = 0;
      const order: number[] = [];
      for (let i = 0; i < 6; i++) {
        work.run(
          async () => {
            running += 1;
            most = Math.max(most, running);
            await new Promise((resolve) => setTimeout(resolve, 5));
            order.push(i);
            running -= 1;
          },
          () => undefined,
        );
      }
      expect(work.pending).toBe(6);
      await work.drain();
      expect(most).toBe(concurrency);
      expect(concurrency === 1 ? order : [...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect(work.pending).toBe(0);
    }
  });
});

/** Deferred work that starts only when the test says so: the answer provably did not wait for it. */
class HeldWork extends DeferredWork {
  #held: (() => void)[] = [];
  holding = false;
  override run(work: () => Promise<void>, onError: (error: unknown) => void): void {
    if (this.holding) this.#held.push(() => super.run(work, onError));
    else super.run(work, onError);
  }
  get held(): number {
    return this.#held.length;
  }
  async release(): Promise<void> {
    this.holding = false;
    for (const start of this.#held.splice(0)) start();
    await this.drain();
  }
}

describe.each(testDatabases())('work after the answer on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: TestAccountServices;
  const afterAnswer = new HeldWork();
  const logs: string[] = [];
  let known: string;

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices({ afterAnswer });
    app = await accountTestApp(handle.db, accounts, { logLevel: 'info', logStream: logCollector(logs) });
    known = `known-${randomUUID()}@example.com`;
    await registerAndActivate(app, accounts, { email: known, password: PASSWORD });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: { host: 'de.localhost' }, payload });

  it('answers forgot-password 202 before looking the address up; the reset mail follows for a known one only', async () => {
    const unknown = `nobody-${randomUUID()}@example.com`;
    const before = accounts.mailer.sent.length;
    afterAnswer.holding = true;
    for (const address of [known, unknown]) {
      const answer = await post('/api/account/forgotPasswordMail', { email: address, lang: 'de' });
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ status: 'accepted' });
    }
    expect(afterAnswer.held).toBe(2);
    expect(accounts.mailer.sent.length).toBe(before);
    await afterAnswer.release();
    expect(accounts.mailer.last(known).text).toMatch(/\/account\/password-reset\?token=/);
    expect(accounts.mailer.to(unknown)).toEqual([]);
  });

  it('answers register 202 before creating the account; the activation mail follows', async () => {
    const email = `new-${randomUUID()}@example.com`;
    afterAnswer.holding = true;
    const answer = await post('/api/account/register', registrationPayload({ email, password: PASSWORD }));
    expect(answer.statusCode).toBe(202);
    expect(afterAnswer.held).toBe(1);
    expect(accounts.mailer.to(email)).toEqual([]);
    await afterAnswer.release();
    expect(accounts.mailer.last(email).text).toMatch(/\/account\/register\?token=/);
  });
});
