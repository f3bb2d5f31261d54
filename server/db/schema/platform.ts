// What the running servers share: the Idempotency-Keys of submissions (decision 008) and the
// registry of running server processes.

import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Idempotency-Key of a submission: claimed while it runs, then holding the answer to replay. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  /** Endpoint and shop, e.g. trades:de. */
  scope: text('scope').notNull(),
  /** sha256 of the canonical JSON body and the locale. */
  requestHash: text('request_hash').notNull(),
  status: text('status').$type<'in_progress' | 'done'>().notNull(),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  /** When the running claim started; an in_progress claim older than the lease can be taken over. */
  claimedAt: timestamp('claimed_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  /** The server process (its boot id, server/instances.ts) that holds the claim; null for claims from before boot ids. */
  claimedBy: uuid('claimed_by'),
});

/**
 * The running server processes (server/instances.ts): each registers its boot id at start and beats
 * every few seconds. A claim whose process stopped beating is released at once, not after its lease.
 */
export const serverInstances = pgTable('server_instances', {
  bootId: uuid('boot_id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
