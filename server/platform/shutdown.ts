// Graceful shutdown (issue 16 part 9): on SIGTERM or SIGINT the server stops accepting connections,
// answers 503 to new requests on open connections (return503OnClosing) and /readyz turns 503, lets
// the requests in flight finish, waits for mails handed off but not yet sent, then closes the
// database (the app's onClose hooks). What is still running after `graceMs` is cut off.

import type { FastifyInstance } from 'fastify';

export const SHUTDOWN_GRACE_MS = 10_000;

/** Closes `app` within `graceMs`: resolves true when everything finished, false when it was cut off. */
export async function closeGracefully(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const cutOff = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      app.server.closeAllConnections();
      resolve(false);
    }, graceMs);
  });
  // A keep-alive connection whose request finishes during the close stays open, idle: close those as they appear.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    return await Promise.race([app.close().then(() => true as const), cutOff]);
  } finally {
    clearTimeout(timer);
    clearInterval(idle);
  }
}

/** Stops the process gracefully on the first SIGTERM or SIGINT. */
export function closeOnSignals(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal, graceMs }, 'shutting down: finishing the requests in flight');
      void closeGracefully(app, graceMs).then((complete) => {
        app.log.info({ complete }, complete ? 'shut down' : 'shut down after the grace period; unfinished work was cut off');
        process.exit(complete ? 0 : 1);
      });
    });
  }
}
