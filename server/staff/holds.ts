// Who has a trade open for inspection (issue 28): the inspector who scanned or opened it holds it, and
// a second inspector opening the same trade sees who. A hold is presence, not a lock: saving is guarded
// by the trade's version (optimistic locking, decision 071), and a hold not renewed for HOLD_MINUTES
// lapses. Taking over someone else's live hold is allowed on request and written to the audit log.

import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staffTradeHolds, staffUsers } from '../db/schema/staff';
import { appendAudit, type AuditActor } from './audit';

/** A hold not renewed for this long has lapsed (the screen renews it while the trade stays open). */
export const HOLD_MINUTES = 15;
const HOLD_MS = HOLD_MINUTES * 60_000;

export interface Holder {
  readonly staffId: string;
  readonly name: string;
  readonly email: string;
  readonly since: Date;
}

/** The trade's live hold (renewed within HOLD_MINUTES), or null. */
export async function liveHold(db: Database, tradeId: string, now: Date): Promise<Holder | null> {
  const [row] = await db
    .select({
      staffId: staffTradeHolds.staffId,
      name: staffUsers.name,
      email: staffUsers.email,
      since: staffTradeHolds.since,
      renewedAt: staffTradeHolds.renewedAt,
    })
    .from(staffTradeHolds)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTradeHolds.staffId))
    .where(eq(staffTradeHolds.tradeId, tradeId));
  if (!row || now.getTime() - row.renewedAt.getTime() > HOLD_MS) return null;
  return { staffId: row.staffId, name: row.name, email: row.email, since: row.since };
}

export type HoldOutcome =
  /** The caller holds the trade now (new, renewed, or taken over from `from`). */
  | { readonly held: true; readonly from: Holder | null }
  /** Someone else holds it and the caller did not ask to take over. */
  | { readonly held: false; readonly by: Holder };

/**
 * Takes or renews the caller's hold, inside a transaction that has locked the trade row (so two
 * inspectors taking the same trade are served one after the other). Another user's live hold stays
 * unless `takeOver`; taking it over writes `trade.hold_taken_over` to the audit log.
 */
export async function takeHold(
  tx: Database,
  trade: { readonly id: string; readonly tradeNumber: string },
  actor: Exclude<AuditActor, 'cli'>,
  now: Date,
  options: { readonly takeOver?: boolean } = {},
): Promise<HoldOutcome> {
  const current = await liveHold(tx, trade.id, now);
  const other = current && current.staffId !== actor.staffId ? current : null;
  if (other && !options.takeOver) return { held: false, by: other };
  // Renewing keeps `since`; a new or taken-over hold starts now.
  const since = current && !other ? current.since : now;
  await tx
    .insert(staffTradeHolds)
    .values({ tradeId: trade.id, staffId: actor.staffId, since, renewedAt: now })
    .onConflictDoUpdate({ target: staffTradeHolds.tradeId, set: { staffId: actor.staffId, since, renewedAt: now } });
  if (other) {
    await appendAudit(
      tx,
      actor,
      {
        action: 'trade.hold_taken_over',
        tradeNumber: trade.tradeNumber,
        before: { heldBy: other.email, since: other.since.toISOString() },
        after: { heldBy: actor.email },
      },
      now,
    );
  }
  return { held: true, from: other };
}

/** Ends the caller's own hold (another user's hold stays). */
export async function releaseHold(tx: Database, tradeId: string, staffId: string): Promise<void> {
  await tx.delete(staffTradeHolds).where(and(eq(staffTradeHolds.tradeId, tradeId), eq(staffTradeHolds.staffId, staffId)));
}
