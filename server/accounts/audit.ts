// Authentication events in the request log (OWASP ASVS 5 §16.3.1): what happened and to which
// customer id, or a short hash of the username when there is no customer (never the e-mail itself,
// a password or a token). Operators search for `authEvent`.

import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export type AuthEventName =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_locked'
  | 'login_not_activated'
  | 'refresh_failed'
  | 'refresh_reuse_detected'
  | 'logout'
  | 'password_changed'
  | 'password_change_failed'
  | 'reset_requested'
  | 'sign_in_link_requested'
  | 'sign_in_link_failed'
  | 'password_reset'
  | 'registered'
  | 'registration_repeated'
  | 'activated'
  | 'deleted'
  | 'rate_limited'
  | 'account_mail_failed';

/** Events that can mean an attack are warnings. */
const WARNINGS: ReadonlySet<AuthEventName> = new Set(['login_locked', 'refresh_reuse_detected', 'rate_limited', 'account_mail_failed']);

/** A stable, short pseudonym of a username, to follow one username's failures through the log. */
export const usernameHash = (username: string): string =>
  createHash('sha256').update(`tradein-username:${username}`).digest('hex').slice(0, 16);

export interface AuthEventFields {
  readonly customerId?: string;
  /** Lower-cased; logged as its hash only. */
  readonly username?: string;
  readonly [detail: string]: string | number | boolean | undefined;
}

export function authEvent(log: Pick<FastifyBaseLogger, 'info' | 'warn'>, event: AuthEventName, fields: AuthEventFields = {}): void {
  const { username, ...rest } = fields;
  const entry = { authEvent: event, ...rest, ...(username !== undefined && { user: usernameHash(username) }) };
  if (WARNINGS.has(event)) log.warn(entry, `auth: ${event}`);
  else log.info(entry, `auth: ${event}`);
}
