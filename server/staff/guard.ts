// Who is asking on the staff host, and what they may do (docs/staff-roles.md). The session hook
// (./sessions.ts) sets `request.staff` from the staff session cookie; every staff route names the roles
// it allows with `allow(...)`, checked on the server before the body is read. The UI shows only what
// the roles allow, but never decides.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffFailureReason, StaffRole } from '../../src/contracts/staff';
import { HttpError } from '../http/errors';

export interface StaffPrincipal {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly StaffRole[];
  /** The session's synchronizer token (X-CSRF-Token). */
  readonly csrfToken: string;
  /** The session cookie's hash (its row in staff_sessions). */
  readonly sessionHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff user (second factor passed), or null. */
    staff: StaffPrincipal | null;
  }
}

/** A refusal of the staff API: the ApiError shape with its reason code (src/contracts/staff.ts). */
export function staffError(
  statusCode: number,
  reason: StaffFailureReason,
  message: string,
  details: Readonly<Record<string, unknown>> = {},
  headers: Readonly<Record<string, string>> = {},
): HttpError {
  const error = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    423: 'Locked',
    429: 'Too Many Requests',
  }[statusCode];
  return new HttpError(statusCode, error ?? 'Error', message, { reason, ...details }, headers);
}

/** Every role (a route any signed-in staff user may call). */
export const ANY_ROLE: readonly StaffRole[] = ['support', 'inspector', 'payouts', 'admin'];

/** The signed-in staff user, or 401 `signed_out`. */
export function signedIn(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw staffError(401, 'signed_out', 'Sign in to the back office (your session ended or never began).');
  return request.staff;
}

/**
 * A route's onRequest hook (after the session hook, before the body is read or validated): 401 without a
 * staff session, 403 `forbidden` when none of `roles` is the user's — a refused role learns nothing of
 * the input rules and sends no 5 MB photo for nothing.
 */
export function allow(...roles: readonly StaffRole[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const staff = signedIn(request);
    if (!staff.roles.some((role) => roles.includes(role))) {
      throw staffError(403, 'forbidden', `This needs the role ${roles.join(' or ')}; ask an admin.`);
    }
  };
}
