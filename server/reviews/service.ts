// Reviews: stored once per paid trade from the signed link, moderated by the operator (pending →
// approved or rejected), and summed up for the seal and slider from approved reviews only. Every
// review is of a paid trade, so every one shown is verified.

import { randomUUID } from 'node:crypto';
import { and, avg, count, desc, eq } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import type { ReviewRequest, ReviewStatus, ReviewSummary } from '../../src/contracts/reviews';
import type { Database } from '../db/client';
import { reviews } from '../db/schema/reviews';
import { trades } from '../db/schema/trades';
import { conflict, HttpError, notFound } from '../http/errors';
import type { ReviewLinks } from './links';

/** How many of the latest approved reviews the slider shows. */
export const LATEST_REVIEWS = 10;

const INVALID_LINK = 'This review link is not valid. Please use the link from our e-mail.';
const forbidden = (message: string) => new HttpError(403, 'Forbidden', message);

/** "Sabine K.": the first name and the last name's initial. */
export function authorNameOf(firstName: string, lastName: string): string {
  const initial = [...lastName.trim()][0];
  return initial ? `${firstName.trim()} ${initial.toLocaleUpperCase()}.` : firstName.trim();
}

async function reviewableTrade(db: Database, links: ReviewLinks, tradeId: string, token: unknown, now: Date) {
  const check = links.verify(tradeId, token, now);
  if (check === 'invalid') throw forbidden(INVALID_LINK);
  if (check === 'expired') throw new HttpError(410, 'Gone', 'This review link has expired.');
  const [trade] = await db.select().from(trades).where(eq(trades.id, tradeId));
  if (!trade) throw notFound(INVALID_LINK);
  if (trade.status !== 'paid') throw conflict('This trade is not paid yet; you can review it once it is.');
  return trade;
}

export async function reviewLinkStatus(db: Database, links: ReviewLinks, tradeId: string, token: unknown, now = new Date()) {
  const trade = await reviewableTrade(db, links, tradeId, token, now);
  const [existing] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.tradeId, tradeId));
  return { status: existing ? ('reviewed' as const) : ('open' as const), firstName: trade.address.firstName };
}

/** Stores the review of a paid trade (pending moderation); 409 when the trade has one already. */
export async function submitReview(db: Database, links: ReviewLinks, request: ReviewRequest, now = new Date()) {
  const trade = await reviewableTrade(db, links, request.tradeId, request.token, now);
  const inserted = await db
    .insert(reviews)
    .values({
      id: randomUUID(),
      tradeId: trade.id,
      locale: trade.locale,
      stars: request.stars,
      text: request.text,
      authorName: authorNameOf(trade.address.firstName, trade.address.lastName),
      createdAt: now,
    })
    .onConflictDoNothing({ target: reviews.tradeId })
    .returning({ id: reviews.id });
  if (inserted.length === 0) throw conflict('This trade has been reviewed already. Thank you!');
  return { id: inserted[0]!.id, status: 'pending' as const };
}

export async function reviewSummary(db: Database): Promise<ReviewSummary> {
  const approved = eq(reviews.status, 'approved');
  const [totals] = await db
    .select({ average: avg(reviews.stars), count: count() })
    .from(reviews)
    .where(approved);
  const latest = await db.select().from(reviews).where(approved).orderBy(desc(reviews.createdAt)).limit(LATEST_REVIEWS);
  const n = totals?.count ?? 0;
  return {
    average: n > 0 ? Math.round(Number(totals!.average) * 10) / 10 : null,
    count: n,
    latest: latest.map((r) => ({ author: r.authorName, stars: r.stars, text: r.text, locale: r.locale, date: r.createdAt.toISOString() })),
  };
}

export interface ListedReview {
  readonly id: string;
  readonly tradeNumber: string;
  readonly locale: Locale;
  readonly stars: number;
  readonly text: string;
  readonly author: string;
  readonly status: ReviewStatus;
  readonly createdAt: Date;
}

export async function listReviews(db: Database, status?: ReviewStatus): Promise<ListedReview[]> {
  const rows = await db
    .select({ review: reviews, tradeNumber: trades.tradeNumber })
    .from(reviews)
    .innerJoin(trades, eq(trades.id, reviews.tradeId))
    .where(status ? eq(reviews.status, status) : undefined)
    .orderBy(desc(reviews.createdAt));
  return rows.map(({ review: r, tradeNumber }) => ({
    id: r.id,
    tradeNumber,
    locale: r.locale as Locale,
    stars: r.stars,
    text: r.text,
    author: r.authorName,
    status: r.status,
    createdAt: r.createdAt,
  }));
}

/** Approves or rejects a review by id or id prefix (at least 8 characters); null when none matches. */
export async function moderateReview(db: Database, idPrefix: string, status: 'approved' | 'rejected', now = new Date()) {
  const all = await listReviews(db);
  const matches = all.filter((r) => r.id.startsWith(idPrefix.toLowerCase()));
  if (matches.length === 0) return null;
  if (matches.length > 1) throw new Error(`${idPrefix} names ${matches.length} reviews; give more of the id.`);
  const [updated] = await db
    .update(reviews)
    .set({ status, moderatedAt: now })
    .where(and(eq(reviews.id, matches[0]!.id)))
    .returning({ id: reviews.id, status: reviews.status });
  return updated ?? null;
}
