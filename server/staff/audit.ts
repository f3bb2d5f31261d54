// The audit log (issue 28): every staff action and every ops CLI move, appended in the transaction of
// the change it records. The table refuses UPDATE and DELETE (a trigger, migration 0020).

import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../src/contracts/staff';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema/staff';
import type { TradeAudit } from '../trades/lifecycle';

/** Who acts: a staff user, or the ops CLI (`cli`). */
export type AuditActor = { readonly staffId: string; readonly email: string } | 'cli';

export interface AuditRecord {
  readonly action: string;
  readonly tradeNumber?: string | null;
  readonly customerId?: string | null;
  readonly subject?: string | null;
  readonly before?: unknown;
  readonly after?: unknown;
}

export async function appendAudit(tx: Database, actor: AuditActor, record: AuditRecord, at: Date = new Date()): Promise<void> {
  await tx.insert(auditLog).values({
    at,
    staffId: actor === 'cli' ? null : actor.staffId,
    actor: actor === 'cli' ? 'cli' : actor.email,
    action: record.action,
    tradeNumber: record.tradeNumber ?? null,
    customerId: record.customerId ?? null,
    subject: record.subject ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** An audit hook for one actor that domains below the staff layer are given (the payouts domain). */
export function auditWriter(actor: AuditActor, at?: Date): { write(tx: Database, record: AuditRecord): Promise<void> } {
  return { write: (tx, record) => appendAudit(tx, actor, record, at) };
}

/** The trades domain's audit hook (MoveOptions.audit) for one actor. */
export function tradeAudit(actor: AuditActor, at?: Date): TradeAudit {
  return { write: (tx, entry) => appendAudit(tx, actor, entry, at) };
}

export interface AuditFilter {
  readonly actor?: string | undefined;
  readonly action?: string | undefined;
  readonly trade?: string | undefined;
  /** Entries with a smaller id (the next page). */
  readonly before?: number | undefined;
  readonly limit: number;
}

/** Newest first; `next` is the id to pass as `before` for the next page, or null at the end. */
export async function listAudit(db: Database, filter: AuditFilter): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const where: SQL[] = [];
  if (filter.actor) where.push(eq(auditLog.actor, filter.actor.trim().toLowerCase()));
  if (filter.action) where.push(eq(auditLog.action, filter.action.trim()));
  if (filter.trade) where.push(eq(auditLog.tradeNumber, filter.trade.trim().toUpperCase()));
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      tradeNumber: row.tradeNumber,
      customerId: row.customerId,
      subject: row.subject,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    next: rows.length > filter.limit ? page[page.length - 1]!.id : null,
  };
}

/** The newest entry about a trade: who changed it last (the `stale` answer names them). */
export async function lastTradeChange(db: Database, tradeNumber: string): Promise<{ actor: string; at: Date } | null> {
  const [row] = await db
    .select({ actor: auditLog.actor, at: auditLog.at })
    .from(auditLog)
    .where(eq(auditLog.tradeNumber, tradeNumber))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ?? null;
}
