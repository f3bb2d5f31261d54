// How a refused or failed staff call reads: one typed value the machines branch on and keep. The
// server's refusal names a `reason` (src/contracts/staff.ts, StaffErrorSchema); only the screens turn
// a reason into words. Beside the server's reasons: `network` (no answer), `server` (5xx, or an answer
// the contract does not know) and `refused` (a refusal without a reason, e.g. a proxy's).

import type { FieldIssue } from '../../contracts/issues';
import { StaffErrorSchema, type StaffFailureReason } from '../../contracts/staff';
import type { TradeStatus } from '../../contracts/trades';

export type StaffFailureCode = StaffFailureReason | 'network' | 'server' | 'refused';

export interface StaffFailure {
  readonly code: StaffFailureCode;
  /** The HTTP status, null without an answer. */
  readonly status: number | null;
  /** `locked`: how long the account waits. */
  readonly retryAfterSeconds: number | null;
  /** `wrong_status`: the status the trade is in. */
  readonly tradeStatus: TradeStatus | null;
  /** `stale`: who changed the trade, and when. */
  readonly changedBy: string | null;
  readonly changedAt: string | null;
  /** Payout batches: the trade a refusal is about. */
  readonly tradeNumber: string | null;
  /** A 400's failing fields (paths like `items.0.identifier`). */
  readonly fields: readonly FieldIssue[];
}

/** What a staff service rejects with; tests reject with it too (`staffFailure`). */
export class StaffCallError extends Error {
  constructor(
    readonly failure: StaffFailure,
    options?: ErrorOptions,
  ) {
    super(`staff call failed: ${failure.code}${failure.status === null ? '' : ` (HTTP ${failure.status})`}`, options);
    this.name = 'StaffCallError';
  }
}

/** A failure with only what is given set. */
export function staffFailure(code: StaffFailureCode, details: Partial<Omit<StaffFailure, 'code'>> = {}): StaffFailure {
  return {
    code,
    status: null,
    retryAfterSeconds: null,
    tradeStatus: null,
    changedBy: null,
    changedAt: null,
    tradeNumber: null,
    fields: [],
    ...details,
  };
}

/** The failure of an answered call: the refusal's body as the contract describes it. */
export function failureOfAnswer(status: number, body: unknown, retryAfter: string | null = null): StaffFailure {
  const parsed = StaffErrorSchema.safeParse(body);
  const header = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : null;
  if (!parsed.success)
    return staffFailure(status >= 500 ? 'server' : status === 429 ? 'locked' : 'refused', { status, retryAfterSeconds: header });
  const error = parsed.data;
  const code: StaffFailureCode =
    error.reason ?? (status >= 500 ? 'server' : status === 429 ? 'locked' : status === 401 ? 'signed_out' : 'refused');
  return staffFailure(code, {
    status,
    retryAfterSeconds: error.retryAfterSeconds ?? header,
    tradeStatus: error.status ?? null,
    changedBy: error.changedBy ?? null,
    changedAt: error.changedAt ?? null,
    tradeNumber: error.tradeNumber ?? null,
    fields: error.fields ?? [],
  });
}

/** Whatever a staff call rejected with, as a StaffFailure (a bug or an unknown answer reads as `server`). */
export function readStaffFailure(error: unknown): StaffFailure {
  if (error instanceof StaffCallError) return error.failure;
  if (error instanceof TypeError) return staffFailure('network');
  return staffFailure('server');
}
