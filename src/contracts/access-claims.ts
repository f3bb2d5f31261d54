// The claims of the access token the client reads (product §3: customerId from the token subject),
// and their reader. Without zod: the session (src/services/session-tokens.ts) is in every page's
// first script, where zod is not (decision 090).

export interface AccessClaims {
  /** The customer's id (a UUID). */
  readonly sub: string;
  /** Expiry, epoch seconds. */
  readonly exp: number;
  readonly email: string;
  readonly customerNumber: string | null;
}

/** A UUID as zod's `z.uuid()` accepts it (RFC 9562: versions 1 to 8, the nil and the max UUID). */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** The claims of a decoded token payload, only the four the client reads; null when one is missing or of the wrong kind. */
export function readAccessClaims(payload: unknown): AccessClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, exp, email, customerNumber } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !UUID.test(sub)) return null;
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp)) return null;
  if (typeof email !== 'string') return null;
  if (customerNumber !== null && typeof customerNumber !== 'string') return null;
  return { sub, exp, email, customerNumber };
}
