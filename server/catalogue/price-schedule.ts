// Scheduled base prices (issue 18 part 3): operators load future prices with an effective day
// (`npm run ops -- catalogue prices import <file.csv> --effective <YYYY-MM-DD>`); the running server
// switches them on that day in the country's time zone — the database, then the in-memory catalogue,
// whose change rebuilds the search index and drops the rendered pages (no restart) — and, a few days
// before (PRICE_WARNING_DAYS), mails the sellers who saved or shared a still valid offer of a device
// whose price drops, or hold one in a cart with a known e-mail: once per scheduled price and address.

import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type * as CsvParse from 'csv-parse/sync';
import { z } from 'zod';
import { isLocale, type Locale } from '../../src/config/locales';
import { PAYOUT_PROMISES } from '../../src/config/payout-promise';
import { lazyRequire } from '../platform/lazy-require';
import type { Database } from '../db/client';
import { devices, priceSchedules } from '../db/schema/catalogue';
import { customers } from '../db/schema/customers';
import { cartHolds, offers, offerShares, priceWarnings } from '../db/schema/offers';
import { localDate } from '../platform/working-days';
import type { CatalogueStore } from './store';

const csvParse = lazyRequire<typeof CsvParse>('csv-parse/sync');

/** The country's calendar day (the time zone the payout promise uses for the shop). */
export const shopDay = (locale: Locale, at: Date): string => localDate(at, PAYOUT_PROMISES[locale].timeZone);

export class PriceImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PriceImportError';
  }
}

const RowSchema = z.object({
  device: z.string().trim().min(1),
  locale: z.string().trim().toLowerCase().refine(isLocale, 'unknown shop'),
  basePrice: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'a price in EUR such as 429.00'),
});

export interface ScheduledPrice {
  readonly deviceId: number;
  readonly locale: Locale;
  readonly basePriceCents: number;
}

/** Reads `device,locale,basePrice` rows (device: id or slug; basePrice in EUR); every error names its line. */
export function parsePriceCsv(text: string, store: CatalogueStore): ScheduledPrice[] {
  let records: Record<string, string>[];
  try {
    records = csvParse().parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw new PriceImportError(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (records.length === 0) throw new PriceImportError('The file has no price rows (header: device,locale,basePrice).');
  const bySlug = new Map(store.catalogue.devices.map((d) => [d.slug, d.id]));
  const problems: string[] = [];
  const rows: ScheduledPrice[] = [];
  records.forEach((record, index) => {
    const line = index + 2;
    const parsed = RowSchema.safeParse(record);
    if (!parsed.success) {
      problems.push(`line ${line}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'row'} ${i.message}`).join(', ')}`);
      return;
    }
    const id = /^\d+$/.test(parsed.data.device) ? Number(parsed.data.device) : bySlug.get(parsed.data.device);
    if (id === undefined || !store.device(id)) {
      problems.push(`line ${line}: no device ${parsed.data.device}`);
      return;
    }
    rows.push({ deviceId: id, locale: parsed.data.locale as Locale, basePriceCents: Math.round(Number(parsed.data.basePrice) * 100) });
  });
  if (problems.length > 0) throw new PriceImportError(`Nothing was imported:\n${problems.join('\n')}`);
  return rows;
}

/** Stores the prices for `effectiveOn` (a day after today in every shop), all or nothing. */
export async function importPriceSchedule(db: Database, rows: readonly ScheduledPrice[], effectiveOn: string, now: Date): Promise<number> {
  if (!/^\d{4}-\d\d-\d\d$/.test(effectiveOn) || Number.isNaN(Date.parse(`${effectiveOn}T00:00:00Z`)))
    throw new PriceImportError('--effective takes a day such as 2026-12-01.');
  const early = rows.find((r) => effectiveOn <= shopDay(r.locale, now));
  if (early)
    throw new PriceImportError(`--effective must be a future day (it is ${shopDay(early.locale, now)} in the ${early.locale} shop).`);
  await db.transaction(async (tx) => {
    await tx.insert(priceSchedules).values(rows.map((r) => ({ ...r, effectiveOn, importedAt: now })));
  });
  return rows.length;
}

/**
 * Switches the prices whose day has come (in their shop's time zone) and reloads the catalogue when
 * any did; returns how many. Safe to run on several servers: each row is applied once (row lock).
 */
export async function applyDuePrices(db: Database, store: CatalogueStore, now: Date): Promise<number> {
  const applied = await db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(priceSchedules)
      .where(
        and(isNull(priceSchedules.appliedAt), lte(priceSchedules.effectiveOn, localDate(new Date(now.getTime() + 14 * 3_600_000), 'UTC'))),
      )
      .orderBy(priceSchedules.effectiveOn, priceSchedules.id)
      .for('update', { skipLocked: true });
    const due = pending.filter((row) => row.effectiveOn <= shopDay(row.locale, now));
    for (const row of due) {
      await tx
        .update(devices)
        .set({
          basePrice: sql`jsonb_set(${devices.basePrice}, ${`{${row.locale}}`}::text[], to_jsonb(${row.basePriceCents}::numeric / 100))`,
        })
        .where(eq(devices.id, row.deviceId));
    }
    if (due.length > 0)
      await tx
        .update(priceSchedules)
        .set({ appliedAt: now })
        .where(
          inArray(
            priceSchedules.id,
            due.map((row) => row.id),
          ),
        );
    return due.length;
  });
  if (applied > 0) await store.reload(db);
  return applied;
}

export interface PriceDropWarning {
  readonly scheduleId: number;
  readonly email: string;
  readonly locale: Locale;
  readonly deviceName: string;
  readonly deviceSlug: string;
  readonly effectiveOn: string;
  readonly oldBaseCents: number;
  readonly newBaseCents: number;
  /** The seller's offer of the device that holds longest. */
  readonly offer: { readonly offerId: string; readonly priceCents: number; readonly validUntil: Date };
  /** The address holds an offer of the device in a cart (the mail then carries the stop link, decision 058). */
  readonly cartHold: boolean;
  /** The address saved or shared an offer of the device. */
  readonly shared: boolean;
}

/**
 * The warnings due at `now`: price drops `daysBefore` days ahead or less, to every address that saved
 * or shared (by mail, or as a logged-in customer) an offer of the device in that shop still valid now,
 * or holds one in a cart whose e-mail is known (decision 058); each address recorded at once, so a
 * seller hears of one drop only once however many ways they hold it. The caller sends the mails.
 */
export async function claimPriceDropWarnings(
  db: Database,
  store: CatalogueStore,
  now: Date,
  daysBefore: number,
): Promise<PriceDropWarning[]> {
  const horizon = new Date(now.getTime() + daysBefore * 86_400_000);
  const pending = await db.select().from(priceSchedules).where(isNull(priceSchedules.appliedAt));
  const warnings: PriceDropWarning[] = [];
  for (const schedule of pending) {
    if (schedule.effectiveOn > shopDay(schedule.locale, horizon)) continue;
    const device = store.device(schedule.deviceId);
    const oldBaseCents = device ? Math.round(device.basePrice[schedule.locale] * 100) : 0;
    if (!device || schedule.basePriceCents >= oldBaseCents) continue;
    const holders = await db
      .select({
        shareEmail: offerShares.email,
        customerEmail: customers.email,
        offerId: offers.id,
        priceCents: offers.priceCents,
        validUntil: offers.validUntil,
      })
      .from(offerShares)
      .innerJoin(offers, eq(offers.id, offerShares.offerId))
      .leftJoin(customers, eq(customers.id, offerShares.customerId))
      .where(
        and(
          eq(offers.deviceId, schedule.deviceId),
          eq(offers.locale, schedule.locale),
          eq(offers.kind, 'purchase'),
          gt(offers.validUntil, now),
          sql`coalesce(${offerShares.email}, ${customers.email}) is not null`,
        ),
      );
    const carts = await db
      .select({ email: cartHolds.email, offerId: offers.id, priceCents: offers.priceCents, validUntil: offers.validUntil })
      .from(cartHolds)
      .innerJoin(offers, eq(offers.id, cartHolds.offerId))
      .where(
        and(
          eq(offers.deviceId, schedule.deviceId),
          eq(offers.locale, schedule.locale),
          eq(cartHolds.locale, schedule.locale),
          eq(offers.kind, 'purchase'),
          gt(offers.validUntil, now),
          gt(cartHolds.expiresAt, now),
        ),
      );
    type Holder = { offerId: string; priceCents: number; validUntil: Date };
    const best = new Map<string, Holder>();
    const inCart = new Set<string>();
    const shared = new Set<string>();
    const keep = (email: string, holder: Holder) => {
      const kept = best.get(email);
      if (!kept || holder.validUntil > kept.validUntil) best.set(email, holder);
    };
    for (const holder of holders) {
      const email = (holder.shareEmail ?? holder.customerEmail)!.toLowerCase();
      shared.add(email);
      keep(email, holder);
    }
    for (const holder of carts) {
      const email = holder.email.toLowerCase();
      inCart.add(email);
      keep(email, holder);
    }
    if (best.size === 0) continue;
    const claimed = await db
      .insert(priceWarnings)
      .values([...best.keys()].map((email) => ({ scheduleId: schedule.id, email, sentAt: now })))
      .onConflictDoNothing()
      .returning({ email: priceWarnings.email });
    for (const { email } of claimed) {
      const holder = best.get(email)!;
      warnings.push({
        scheduleId: schedule.id,
        email,
        locale: schedule.locale,
        deviceName: device.name,
        deviceSlug: device.slug,
        effectiveOn: schedule.effectiveOn,
        oldBaseCents,
        newBaseCents: schedule.basePriceCents,
        offer: { offerId: holder.offerId, priceCents: holder.priceCents, validUntil: holder.validUntil },
        cartHold: inCart.has(email),
        shared: shared.has(email),
      });
    }
  }
  return warnings;
}

/** Pending scheduled prices, for the ops CLI. */
export async function pendingPrices(db: Database) {
  return db.select().from(priceSchedules).where(isNull(priceSchedules.appliedAt)).orderBy(priceSchedules.effectiveOn, priceSchedules.id);
}

/**
 * The next scheduled base price per device and shop, in memory for pricing (the price schedule's
 * run refreshes it every minute, so an import by the ops CLI shows within a minute).
 */
export class UpcomingPrices {
  private next = new Map<string, { readonly effectiveOn: string; readonly basePriceCents: number }>();

  async refresh(db: Database): Promise<void> {
    const next = new Map<string, { effectiveOn: string; basePriceCents: number }>();
    for (const row of await pendingPrices(db)) {
      const key = `${row.deviceId}:${row.locale}`;
      if (!next.has(key)) next.set(key, { effectiveOn: row.effectiveOn, basePriceCents: row.basePriceCents });
    }
    this.next = next;
  }

  of(deviceId: number, locale: Locale): { readonly effectiveOn: string; readonly basePriceCents: number } | undefined {
    return this.next.get(`${deviceId}:${locale}`);
  }
}
