// Work done after the answer: the endpoints that must not tell whether an e-mail address is
// registered (register, forgot-password, the sign-in link) answer 202 at once and do the lookups,
// hashing and mail afterwards, so known and unknown addresses take the same time (issue 16 part 3).
// The work waits in one queue and runs with a bounded concurrency (one at a time by default): work
// started at once for every call made back-to-back calls slower after a known address, whose work
// is bigger (issue 33 item 5); from the queue it runs at a steady pace, beside the answers of known
// and unknown addresses alike (decision 080; the figures: `npx tsx bench/account-timing.ts`). The
// runtime waits for what is queued or running before it closes the database and the mailer.

export interface DeferredWorkOptions {
  /** How many pieces of work run at the same time (default 1). */
  readonly concurrency?: number;
}

export class DeferredWork {
  readonly #queue: (() => Promise<void>)[] = [];
  readonly #concurrency: number;
  readonly #idle: (() => void)[] = [];
  #running = 0;

  constructor(options: DeferredWorkOptions = {}) {
    this.#concurrency = Math.max(1, options.concurrency ?? 1);
  }

  /** Queues `work` to run after the current answer was handed over; a failure goes to `onError`. */
  run(work: () => Promise<void>, onError: (error: unknown) => void): void {
    this.#queue.push(() => work().catch((error: unknown) => onError(error)));
    // After the answer: the queue is looked at once the current I/O (the answer's write) is done.
    setImmediate(() => this.#next());
  }

  #next(): void {
    while (this.#running < this.#concurrency && this.#queue.length > 0) {
      const task = this.#queue.shift()!;
      this.#running += 1;
      void task().finally(() => {
        this.#running -= 1;
        if (this.pending === 0) for (const resolve of this.#idle.splice(0)) resolve();
        else this.#next();
      });
    }
  }

  /** Queued and running work. */
  get pending(): number {
    return this.#running + this.#queue.length;
  }

  /** Resolves once nothing is queued or runs any more (work queued while draining included). */
  drain(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.#idle.push(resolve));
  }
}
