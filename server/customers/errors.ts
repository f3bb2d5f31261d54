// The answers a customer-data call ends with when it cannot do what was asked (HttpErrors, sent by
// the app's error handler). Another customer's resource and a missing one read the same (404), so
// ids cannot be probed.

import { notFound as httpNotFound, unauthorized } from '../http/errors';

/** A valid token whose customer is gone or not active: the session is over (the client logs out). */
export const sessionEnded = () => unauthorized('Your customer account is no longer available. Please log in again.', true);

/** Not there, or not the caller's: never tells which. */
export const notFound = (what: string) => httpNotFound(`There is no such ${what} in your account.`);
