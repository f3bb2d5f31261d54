// Access tokens (product §12): HS256 JWTs, 5 minutes, subject = customer id (product §3 customerId
// from the token subject), with the e-mail and customer number the client keeps in its session.
// The secret comes from AUTH_SECRET, else DATA_DIR/secrets/auth-secret (server/accounts/setup.ts).

import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_SECONDS } from '../../src/contracts/account';
import { unauthorized } from '../http/errors';

export const AUTH_SECRET_FILE = 'secrets/auth-secret';
const ISSUER = 'tradein-shop';
const AUDIENCE = 'tradein-shop-api';

export interface AccessSubject {
  readonly customerId: string;
  readonly email: string;
  readonly customerNumber: string | null;
}

export interface AccessTokens {
  /** A signed token valid for ACCESS_TOKEN_SECONDS from `now` (epoch ms, default Date.now()). */
  sign(subject: AccessSubject, now?: number): Promise<string>;
  /** The subject of a valid, unexpired token, else null (never throws on bad input). */
  verify(token: string, now?: number): Promise<AccessSubject | null>;
}

export function createAccessTokens(secret: string | Uint8Array): AccessTokens {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  if (key.length < 16) throw new Error('The auth secret must be at least 16 bytes long.');
  return {
    async sign(subject, now = Date.now()) {
      const iat = Math.floor(now / 1000);
      // jose loads with the first token, not at start-up (issue 34).
      const { SignJWT } = await import('jose');
      return new SignJWT({ email: subject.email, customerNumber: subject.customerNumber })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject.customerId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
        .sign(key);
    },
    async verify(token, now = Date.now()) {
      if (typeof token !== 'string' || token.length > 4096) return null;
      const { errors, jwtVerify } = await import('jose');
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(now),
          clockTolerance: 0,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        const customerNumber = typeof payload.customerNumber === 'string' ? payload.customerNumber : null;
        return { customerId: payload.sub, email: payload.email, customerNumber };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** The bearer token of a request (`Authorization: Bearer <token>`), if any. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * The caller of an authenticated customer call; without a valid token a 401 HttpError whose
 * `WWW-Authenticate` tells the client to refresh and retry. Every customer data route starts with
 * this. `now` is the accounts clock (clockOf(accounts)), default the real time.
 */
export async function requireCustomer(tokens: AccessTokens, request: FastifyRequest, now?: number): Promise<AccessSubject> {
  const token = bearerToken(request);
  const subject = token ? await tokens.verify(token, now) : null;
  if (subject) return subject;
  throw unauthorized(token ? 'Your session has expired. Please log in again.' : 'Please log in to see this.', token !== undefined);
}
