// Actors whose promises the test settles: the model's "server answers" events resolve or reject the
// newest pending call, so a path decides every outcome of the production machine's invoked actors.

import { fromPromise } from 'xstate';

interface Call<I, O> {
  readonly input: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function controllable<O, I>(name: string) {
  const pending: Call<I, O>[] = [];
  const inputs: I[] = [];
  /** One call, waiting for the test's answer (for code that takes plain async functions). */
  const call = (input: I) =>
    new Promise<O>((resolve, reject) => {
      inputs.push(input);
      pending.push({ input, resolve, reject });
    });
  const logic = fromPromise<O, I>(({ input }) => call(input));
  // The newest call: an older one still waiting was abandoned by the machine (e.g. a voucher check
  // dropped because the code changed), so answering it would change nothing.
  const next = () => {
    const call = pending.pop();
    if (!call) throw new Error(`${name}: no call is waiting for an answer`);
    return call;
  };
  return {
    logic,
    call,
    inputs,
    pendingCount: () => pending.length,
    resolve: (value: O | ((input: I) => O)) => {
      const call = next();
      call.resolve(typeof value === 'function' ? (value as (input: I) => O)(call.input) : value);
    },
    reject: (error: unknown = new Error(`${name} failed`)) => next().reject(error),
  };
}

/** Lets settled promises reach the actor (their callbacks run on the microtask queue). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
