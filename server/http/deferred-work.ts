// Work done after the answer: the endpoints that must not tell whether an e-mail address is
// registered (register, forgot-password) answer 202 at once and do the lookups, hashing and mail
// afterwards, so known and unknown addresses take the same time (issue 16 part 3; the figure is
// `npx tsx bench/account-timing.ts`). The runtime waits for what is still running before it closes
// the database and the mailer.

export class DeferredWork {
  readonly #running = new Set<Promise<void>>();

  /** Runs `work` after the current answer was handed over; a failure goes to `onError`. */
  run(work: () => Promise<void>, onError: (error: unknown) => void): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => onError(error))
      .finally(() => void this.#running.delete(task));
    this.#running.add(task);
  }

  get pending(): number {
    return this.#running.size;
  }

  /** Resolves once nothing runs any more (work started while draining included). */
  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
