// Database errors of the writes (trades, accounts, customer data). Driver errors carry the query
// parameters (IBANs, password hashes, e-mail addresses): only the error code and the driver's message
// go on to the log.

import { DrizzleQueryError } from 'drizzle-orm';

/** The constraint of a unique violation (23505) anywhere in the cause chain ('unknown' when unnamed), else undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : 'unknown';
  }
  return undefined;
}

/** The error as "<what> failed (<code>): <message>", without the query and its parameters. */
export function withoutParameters(error: unknown, what: string): Error {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return new Error(`${what} failed${typeof code === 'string' ? ` (${code})` : ''}: ${message}`);
}
