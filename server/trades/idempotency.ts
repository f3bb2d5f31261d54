// Idempotency keys in the database, so a retried submission is safe across several servers: the key
// is claimed (in_progress) in its own statement, then holds the answer a retry replays (done). A claim
// left behind by a process that is gone (server/db/instances.ts) is taken over at once; any claim once
// its lease has run out (a process that still beats but hangs).

import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys, serverInstances } from '../db/schema/platform';
import { BOOT_ID, STALE_SECONDS } from '../db/instances';

/** 1–100 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

/** An in_progress claim older than this is taken over even when its process still beats. */
export const CLAIM_LEASE_SECONDS = 5 * 60;

export interface StoredAnswer {
  readonly statusCode: number;
  readonly body: unknown;
}

export type Claim =
  | { readonly kind: 'claimed' }
  | { readonly kind: 'replay'; readonly answer: StoredAnswer }
  | { readonly kind: 'in_progress' }
  | { readonly kind: 'other_request' };

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown, locale: string): string {
  return createHash('sha256').update(canonicalJson({ body, locale })).digest('hex');
}

export async function claimKey(db: Database, key: string, scope: string, hash: string, bootId: string = BOOT_ID): Promise<Claim> {
  const k = idempotencyKeys;
  const i = serverInstances;
  // Gone: held by another process that is not registered or stopped beating (this process is never gone to itself).
  const holderGone = sql`(${k.claimedBy} is null or (${k.claimedBy} <> ${bootId} and not exists (
    select 1 from ${i} where ${i.bootId} = ${k.claimedBy} and ${i.heartbeatAt} > now() - make_interval(secs => ${STALE_SECONDS}))))`;
  const claimed = await db
    .insert(k)
    .values({ key, scope, requestHash: hash, status: 'in_progress', claimedBy: bootId })
    .onConflictDoUpdate({
      target: k.key,
      set: { claimedAt: sql`now()`, claimedBy: bootId },
      setWhere: sql`${k.status} = 'in_progress' and ${k.requestHash} = ${hash} and (${holderGone} or ${k.claimedAt} < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS}))`,
    })
    .returning({ key: k.key });
  if (claimed.length > 0) return { kind: 'claimed' };

  // A separate statement, so it sees the state the conflicting submission committed.
  const [row] = await db.select().from(k).where(eq(k.key, key)).limit(1);
  // No row: its owner failed and released it a moment ago; the retry will find the key free.
  if (!row) return { kind: 'in_progress' };
  if (row.requestHash !== hash) return { kind: 'other_request' };
  if (row.status === 'done' && row.responseStatus !== null)
    return { kind: 'replay', answer: { statusCode: row.responseStatus, body: row.responseBody } };
  return { kind: 'in_progress' };
}

/** Stores the answer on a claimed key; called inside the trade's transaction on success. */
export async function completeKey(db: Database, key: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: answer.statusCode, responseBody: answer.body })
    .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'in_progress')));
}

/** Frees a claim whose work failed unexpectedly (nothing was written), so a retry can run at once. */
export async function releaseKey(db: Database, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'in_progress')));
}
