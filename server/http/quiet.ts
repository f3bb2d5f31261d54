// Work a server does for itself after start-up (building the search indexes) waits until the first
// requests are answered: a visitor's first page right after a (re)start is not kept waiting behind
// it (issue 34, start-up). A search before then builds the index it needs on demand.

import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface QuietOptions {
  /** How long no request may be in flight before the server counts as quiet. */
  readonly quietMs: number;
  /** The latest the task starts after `start()`, quiet or not (a server under load from its first second). */
  readonly latestMs: number;
}

const AFTER_START: QuietOptions = { quietMs: 250, latestMs: 3000 };

/**
 * Counts the requests in flight (hooks, so call this before the server is ready) and returns
 * `start(task)`: runs `task` once, when no request has been in flight for `quietMs`, or after
 * `latestMs` at the latest.
 */
export function whenQuiet(app: FastifyInstance, options: QuietOptions = AFTER_START) {
  // A set, not a counter: an aborted request may end with both hooks.
  const inFlight = new Set<FastifyRequest>();
  let onChange: (() => void) | undefined;
  app.addHook('onRequest', async (request) => {
    inFlight.add(request);
    onChange?.();
  });
  const done = async (request: FastifyRequest) => {
    if (inFlight.delete(request)) onChange?.();
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);

  return function start(task: () => unknown): void {
    let quietTimer: NodeJS.Timeout | undefined;
    let started = false;
    const run = () => {
      if (started) return;
      started = true;
      onChange = undefined;
      clearTimeout(quietTimer);
      clearTimeout(latest);
      task();
    };
    const latest = setTimeout(run, options.latestMs);
    latest.unref();
    onChange = () => {
      clearTimeout(quietTimer);
      if (inFlight.size === 0) quietTimer = setTimeout(run, options.quietMs).unref();
    };
    onChange();
  };
}
