// Controlling events (decision 028): store one, count a funnel, erase a client, prune old rows.

import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import type { ControllingEvent, ControllingEventName } from '../../src/contracts/tracking';
import type { Database } from '../db/client';
import { consentLog, controllingEvents } from '../db/schema/tracking';

/** How long controlling rows are kept (decision 028): 13 months. */
export const RETENTION_DAYS = 396;

/** A new opaque client id: 32 random bytes as hex (not derived from anything about the visitor). */
export const newClientId = () => randomBytes(32).toString('hex');

export async function recordControllingEvent(db: Database, locale: Locale, event: ControllingEvent, at: Date): Promise<void> {
  const { clientId, applicationId, url, eventName, ...fields } = event;
  await db.insert(controllingEvents).values({ clientId, locale, applicationId, eventName, url, fields, at });
}

/** The funnel's steps, in order (what the report counts). */
export const FUNNEL_STEPS = [
  ['page_view', 'page views'],
  ['view_item', 'device views'],
  ['offer_generated', 'offers'],
  ['offer_add_to_cart', 'add to cart'],
  ['trade_created', 'trades'],
] as const satisfies readonly (readonly [ControllingEventName, string])[];

export interface FunnelRow {
  readonly locale: string;
  /** Landings with campaign parameters (marketing_touchpoint), beside the funnel. */
  readonly touchpoints: number;
  /** Events per step, in FUNNEL_STEPS order. */
  readonly counts: readonly number[];
}

/** Events per shop and step in [from, to), optionally one shop only; shops without events are left out. */
export async function funnel(db: Database, range: { from: Date; to: Date; locale?: Locale; clientId?: string }): Promise<FunnelRow[]> {
  const rows = await db
    .select({ locale: controllingEvents.locale, eventName: controllingEvents.eventName, n: count() })
    .from(controllingEvents)
    .where(
      and(
        gte(controllingEvents.at, range.from),
        lt(controllingEvents.at, range.to),
        range.locale ? eq(controllingEvents.locale, range.locale) : undefined,
        range.clientId ? eq(controllingEvents.clientId, range.clientId) : undefined,
      ),
    )
    .groupBy(controllingEvents.locale, controllingEvents.eventName);
  const byLocale = new Map<string, number[]>();
  const touchpoints = new Map<string, number>();
  for (const row of rows) {
    if (row.eventName === 'marketing_touchpoint') {
      touchpoints.set(row.locale, Number(row.n));
      byLocale.set(row.locale, byLocale.get(row.locale) ?? FUNNEL_STEPS.map(() => 0));
      continue;
    }
    const step = FUNNEL_STEPS.findIndex(([name]) => name === row.eventName);
    if (step < 0) continue;
    const counts = byLocale.get(row.locale) ?? FUNNEL_STEPS.map(() => 0);
    counts[step] = Number(row.n);
    byLocale.set(row.locale, counts);
  }
  return [...byLocale.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([locale, counts]) => ({ locale, touchpoints: touchpoints.get(locale) ?? 0, counts }));
}

export async function logConsent(
  db: Database,
  entry: { clientId: string; locale: Locale; decision: 'all' | 'necessary'; bannerVersion: number; at: Date },
): Promise<void> {
  await db.insert(consentLog).values(entry);
}

/** The consent log of a client id, oldest first. */
export async function consentLogOf(db: Database, clientId: string) {
  return db.select().from(consentLog).where(eq(consentLog.clientId, clientId)).orderBy(consentLog.at, consentLog.id);
}

/** Removes every controlling row and consent log entry of a client id, in one transaction; answers how many. */
export async function eraseClient(db: Database, clientId: string): Promise<{ events: number; consents: number }> {
  return db.transaction(async (tx) => {
    const events = await tx
      .delete(controllingEvents)
      .where(eq(controllingEvents.clientId, clientId))
      .returning({ id: controllingEvents.id });
    const consents = await tx.delete(consentLog).where(eq(consentLog.clientId, clientId)).returning({ id: consentLog.id });
    return { events: events.length, consents: consents.length };
  });
}

/** Removes rows older than the retention period; answers how many. */
export async function pruneControlling(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db.delete(controllingEvents).where(lt(controllingEvents.at, before)).returning({ id: controllingEvents.id });
  return deleted.length;
}

/** Rows per event name of one client (the ops CLI's `privacy show`, tests). */
export async function clientEventCounts(db: Database, clientId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ eventName: controllingEvents.eventName, n: sql<number>`count(*)::int` })
    .from(controllingEvents)
    .where(eq(controllingEvents.clientId, clientId))
    .groupBy(controllingEvents.eventName);
  return Object.fromEntries(rows.map((r) => [r.eventName, Number(r.n)]));
}
