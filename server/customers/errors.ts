// The answers a customer-data call ends with when it cannot do what was asked: thrown by the
// services, sent by the route handler (./handler) in the API error shape. Another customer's
// resource and a missing one read the same (404), so ids cannot be probed.

import type { z } from 'zod';
import { zodFields, type FieldError } from '../http/errors';

export class CustomerDataError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 409,
    readonly error: string,
    message: string,
    readonly fields?: readonly FieldError[],
  ) {
    super(message);
    this.name = 'CustomerDataError';
  }
}

export const badRequest = (message: string, fields?: readonly FieldError[]) => new CustomerDataError(400, 'Bad Request', message, fields);

/** A valid token whose customer is gone or not active: the session is over (the client logs out). */
export const sessionEnded = () => new CustomerDataError(401, 'Unauthorized', 'Your customer account is no longer available. Please log in again.');

/** Not there, or not the caller's: never tells which. */
export const notFound = (what: string) => new CustomerDataError(404, 'Not Found', `There is no such ${what} in your account.`);

export const conflict = (message: string) => new CustomerDataError(409, 'Conflict', message);

/** The body parsed by a contract schema, or a 400 naming the failing fields. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, message: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(message, zodFields(parsed.error));
  return parsed.data;
}
