// Trade creation (POST /api/trades). The submission is idempotent (./idempotency); then ONE transaction
// checks the offers and prices them from the database (never from the client), re-validates the
// voucher, applies the B2B cap and writes the trade, its items, its first transition, the voucher
// redemption and the answer stored on the key. Rejections are answers, stored on the key as well.
// A guest trade keeps the guest's e-mail; a customer trade (identity kind 'customer', the customer
// id from the bearer token) keeps the customer id and uses the account's e-mail.

import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { B2B_TRADE_CAP } from '../../src/config/constants';
import type { ShopMode } from '../../src/config/hosts';
import type { Locale } from '../../src/config/locales';
import {
  maskedIban,
  paymentTypeCode,
  type Payout,
  type Trade,
  type TradeRequest,
  type VoucherFailureReason,
} from '../../src/contracts/trades';
import { saveCheckoutDetails } from '../accounts/saved-details';
import type { Database } from '../db/client';
import { releaseCartHolds } from '../offers/cart-holds';
import { uniqueViolation, withoutParameters } from '../db/errors';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { customers } from '../db/schema/customers';
import { offers } from '../db/schema/offers';
import {
  businessTradeNumberCounters,
  tradeCompanies,
  tradeItems,
  tradeNumberCounters,
  trades,
  tradeTransitions,
  voucherRedemptions,
} from '../db/schema/trades';
import { checkVoucher, customerKey } from '../vouchers/service';
import { claimKey, completeKey, releaseKey, requestHash, type StoredAnswer } from './idempotency';

export interface TradeSubmission {
  readonly idempotencyKey: string;
  readonly locale: Locale;
  /** The validated checkout: what the key's request hash covers. */
  readonly request: TradeRequest;
  /** The authenticated caller (the access token's subject); required for a `customer` identity. */
  readonly customerId?: string;
  /** The shop mode of the host it was sold on and its landing page code: the trade keeps its brand (decision 033). */
  readonly shopMode?: ShopMode;
  readonly landingPage?: string;
  readonly now?: Date;
  /**
   * Called once for a newly created trade, after its transaction committed (never for replays or
   * rejections), before the answer goes out: the confirmation mail to `email` (the guest's, or the
   * customer account's). It handles its own failures; a throw is ignored, as the trade exists and
   * its 201 stands.
   */
  readonly onCreated?: (trade: Trade, email: string) => Promise<void>;
  /**
   * Called in the trade's transaction with the new trade, before it commits: the confirmation mail
   * written to the outbox (decision 054), so a trade never exists without its mail. A throw rolls
   * the trade back.
   */
  readonly inTransaction?: (tx: Database, trade: Trade, email: string) => Promise<void>;
}

/** Who submits: the guest's e-mail, or the authenticated customer. */
type SellerRef = { readonly kind: 'guest'; readonly email: string } | { readonly kind: 'customer'; readonly customerId: string };

/** Who the trade belongs to, as stored: the confirmation and voucher e-mail, the customer if any. */
interface Seller {
  readonly email: string;
  readonly customerId: string | null;
}

function sellerRef(submission: TradeSubmission): SellerRef {
  const { identity } = submission.request;
  if (identity.kind === 'guest') return { kind: 'guest', email: identity.email };
  if (submission.customerId === undefined) throw new Error('A customer trade needs the authenticated customer id.');
  return { kind: 'customer', customerId: submission.customerId };
}

export interface TradeAnswer extends StoredAnswer {
  /** True when the answer is the one stored for an earlier submission with this key. */
  readonly replayed: boolean;
}

/** A 4xx answer that ends the transaction (rolled back) and is stored on the key. */
class Rejection extends Error {
  readonly answer: StoredAnswer;
  constructor(statusCode: number, error: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.answer = { statusCode, body: { statusCode, error, message, ...extra } };
  }
}

const euros = (cents: number) => cents / 100;

export async function submitTrade(db: Database, submission: TradeSubmission): Promise<TradeAnswer> {
  const { idempotencyKey: key, locale } = submission;
  const ref = sellerRef(submission);
  // A customer's body names no customer: the id joins the hash, so another account replaying the
  // same key and body gets "different request", never this customer's trade.
  // The validated request, not the raw body: unknown fields (of any size or depth) neither change the hash nor cost its time.
  const hashed = ref.kind === 'guest' ? submission.request : { body: submission.request, customerId: ref.customerId };
  const claim = await claimKey(db, key, `trades:${locale}`, requestHash(hashed, locale));
  if (claim.kind === 'replay') return { ...claim.answer, replayed: true };
  if (claim.kind === 'in_progress') return unstored(409, 'Conflict', 'This checkout is already being processed.');
  if (claim.kind === 'other_request')
    return unstored(422, 'Unprocessable Entity', 'This Idempotency-Key was used for a different request.');

  let created: StoredAnswer & { readonly email: string };
  try {
    created = await createTrade(db, submission, ref);
  } catch (error) {
    const rejection = error instanceof Rejection ? error : await constraintRejection(db, error, submission.request);
    if (rejection) {
      await completeKey(db, key, rejection.answer);
      return { ...rejection.answer, replayed: false };
    }
    await releaseKey(db, key).catch(() => undefined);
    throw withoutParameters(error, 'Creating the trade');
  }
  if (submission.onCreated) await submission.onCreated(created.body as Trade, created.email).catch(() => undefined);
  return { statusCode: created.statusCode, body: created.body, replayed: false };
}

function unstored(statusCode: number, error: string, message: string): TradeAnswer {
  return { statusCode, body: { statusCode, error, message }, replayed: false };
}

/**
 * The guest's e-mail, or the customer's account, read in the trade's transaction under a key-share
 * lock: a concurrent account deletion waits for the trade (then detaches it) instead of failing it.
 */
async function sellerOf(tx: Database, ref: SellerRef): Promise<Seller> {
  if (ref.kind === 'guest') return { email: ref.email, customerId: null };
  const [customer] = await tx
    .select({ email: customers.email, status: customers.status, dataDeletedAt: customers.dataDeletedAt })
    .from(customers)
    .where(eq(customers.id, ref.customerId))
    .for('key share');
  if (!customer || customer.status !== 'active' || customer.dataDeletedAt !== null) {
    throw new Rejection(401, 'Unauthorized', 'Your customer account is no longer available. Please log in again or check out as a guest.');
  }
  return { email: customer.email, customerId: ref.customerId };
}

async function createTrade(db: Database, submission: TradeSubmission, ref: SellerRef): Promise<StoredAnswer & { readonly email: string }> {
  const { request, locale } = submission;
  const now = submission.now ?? new Date();
  const ids = request.offerIds;
  return db.transaction(async (tx) => {
    const seller = await sellerOf(tx, ref);
    const rows = await tx
      .select({ offer: offers, deviceName: devices.name })
      .from(offers)
      .innerJoin(devices, eq(devices.id, offers.deviceId))
      .where(inArray(offers.id, ids));
    const byId = new Map(rows.map((row) => [row.offer.id, row]));
    const offerFields = (list: string[], message: string) =>
      list.map((id) => ({ path: `offerIds.${ids.indexOf(id)}`, code: 'offerUnknown' as const, message }));

    const unknownOfferIds = ids.filter((id) => !byId.has(id));
    if (unknownOfferIds.length > 0) {
      throw new Rejection(400, 'Bad Request', `These offers do not exist: ${unknownOfferIds.join(', ')}.`, {
        unknownOfferIds,
        fields: offerFields(unknownOfferIds, 'Unknown offer.'),
      });
    }
    const items = ids.map((id) => byId.get(id)!);
    const foreignOfferIds = items.filter((i) => i.offer.locale !== locale).map((i) => i.offer.id);
    if (foreignOfferIds.length > 0) {
      throw new Rejection(400, 'Bad Request', `These offers were made in another country shop: ${foreignOfferIds.join(', ')}.`, {
        foreignOfferIds,
        fields: offerFields(foreignOfferIds, 'Offer from another shop.'),
      });
    }
    const expiredOfferIds = items.filter((i) => i.offer.validUntil.getTime() < now.getTime()).map((i) => i.offer.id);
    if (expiredOfferIds.length > 0) {
      throw new Rejection(409, 'Conflict', 'Some offers have expired; get a new offer for these devices.', { expiredOfferIds });
    }
    // Used: in another trade, or made for a clarification of another trade (its seller answers it there).
    const used = await tx.select({ offerId: tradeItems.offerId }).from(tradeItems).where(inArray(tradeItems.offerId, ids));
    const clarifying = await tx
      .select({ offerId: clarifications.newOfferId })
      .from(clarifications)
      .where(inArray(clarifications.newOfferId, ids));
    if (used.length + clarifying.length > 0) throw usedOffers([...used, ...clarifying].map((u) => u.offerId));

    // Product §4: each item is truncate2(price × quantity); prices are whole cents, so that is exact.
    const quantityOf = (offerId: string) => request.quantities?.[offerId] ?? 1;
    const subtotalCents = items.reduce((sum, i) => sum + i.offer.priceCents * quantityOf(i.offer.id), 0);
    const email = seller.email;
    let voucher: { code: string; cents: number; singleUse: boolean } | null = null;
    if (request.voucherCode) {
      const decision = await checkVoucher(tx, {
        code: request.voucherCode,
        locale,
        cartTotalCents: subtotalCents,
        customerKey: customerKey(email),
        now,
      });
      if (!decision.valid) throw voucherRejection(decision.reason);
      voucher = { code: decision.code, cents: decision.valueCents, singleUse: decision.singleUse };
    }
    const totalCents = subtotalCents + (voucher?.cents ?? 0);
    if (request.b2b && totalCents > B2B_TRADE_CAP * 100) {
      const overBy = euros(totalCents - B2B_TRADE_CAP * 100);
      const message = `Business trade-ins are capped at ${B2B_TRADE_CAP} EUR; this one totals ${euros(totalCents)} EUR, ${overBy} EUR over the cap. Move devices to a second trade or contact our partner team.`;
      throw new Rejection(422, 'Unprocessable Entity', message, {
        cap: B2B_TRADE_CAP,
        total: euros(totalCents),
        overBy,
        fields: [{ path: 'offerIds', code: 'b2bTradeCap', message }],
      });
    }
    // The contract refuses these; checked again so that no caller can store half a business trade.
    const company = request.b2b ? request.company : undefined;
    if (request.b2b && !company) throw new Error('A business trade needs its company (the contract requires it).');

    // Taken last: the counter's row lock is held until commit and serializes trade creation.
    const tradeNumber = await nextTradeNumber(tx, now, request.b2b ? 'business' : 'private');
    const tradeId = randomUUID();
    const [stored] = await tx
      .insert(trades)
      .values({
        id: tradeId,
        tradeNumber,
        locale,
        status: 'created',
        guestEmail: seller.customerId === null ? email : null,
        customerId: seller.customerId,
        address: request.address,
        payout: request.payout,
        paymentType: paymentTypeCode(request.payout),
        b2b: request.b2b ?? false,
        shopMode: submission.shopMode ?? 'default',
        landingPage: submission.landingPage ?? null,
        subtotalCents,
        voucherCode: voucher?.code ?? null,
        voucherCents: voucher?.cents ?? 0,
        totalCents,
        createdAt: now,
      })
      .returning({ transactionId: trades.transactionId });
    await tx.insert(tradeItems).values(
      items.map((i, position) => ({
        offerId: i.offer.id,
        tradeId,
        position,
        deviceId: i.offer.deviceId,
        priceCents: i.offer.priceCents,
        conditionId: i.offer.conditionId,
        kind: i.offer.kind,
        quantity: quantityOf(i.offer.id),
      })),
    );
    if (company) {
      await tx.insert(tradeCompanies).values({ tradeId, name: company.name, legalForm: company.legalForm, vatId: company.vatId ?? null });
    }
    await tx.insert(tradeTransitions).values({ tradeId, fromStatus: null, toStatus: 'created', at: now, note: 'submitted at checkout' });
    // "Save to my account" (issue 32 part 2): in this transaction, so a refused trade keeps nothing.
    if (seller.customerId !== null && request.saveToAccount === true) {
      await saveCheckoutDetails(tx, seller.customerId, locale, { address: request.address, payout: request.payout }, now);
    }
    // The offers are sold: no cart holds them for a price-drop warning any more (decision 058).
    await releaseCartHolds(tx, ids);
    if (voucher) {
      await tx
        .insert(voucherRedemptions)
        .values({ code: voucher.code, customerKey: customerKey(email), tradeId, singleUse: voucher.singleUse, createdAt: now });
    }

    const trade: Trade = {
      tradeId,
      tradeNumber,
      ...(request.b2b ? { b2b: true } : {}),
      transactionId: stored!.transactionId,
      status: 'created',
      items: items.map(({ offer, deviceName }) => ({
        offerId: offer.id,
        deviceId: offer.deviceId,
        deviceName,
        price: euros(offer.priceCents),
        conditionId: offer.conditionId as Trade['items'][number]['conditionId'],
        kind: offer.kind,
        quantity: quantityOf(offer.id),
      })),
      subtotal: euros(subtotalCents),
      voucher: voucher && { code: voucher.code, value: euros(voucher.cents) },
      total: euros(totalCents),
      payout: { method: request.payout.method, masked: maskPayout(request.payout) },
      createdAt: now.toISOString(),
    };
    const answer = { statusCode: 201, body: trade };
    await submission.inTransaction?.(tx, trade, email);
    await completeKey(tx, submission.idempotencyKey, answer);
    return { ...answer, email };
  });
}

/**
 * TR-<year>-<number> (a business trade: TB-<year>-<number>, its own range), gapless per UTC year and
 * range: a failed transaction gives its number back.
 */
async function nextTradeNumber(db: Database, now: Date, range: 'private' | 'business'): Promise<string> {
  const year = now.getUTCFullYear();
  const counters = range === 'business' ? businessTradeNumberCounters : tradeNumberCounters;
  const [row] = await db
    .insert(counters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: counters.year, set: { lastNumber: sql`${counters.lastNumber} + 1` } })
    .returning({ lastNumber: counters.lastNumber });
  return `${range === 'business' ? 'TB' : 'TR'}-${year}-${String(row!.lastNumber).padStart(6, '0')}`;
}

/** IBAN as "DE89 •••• •••• •••• 3000" (the same length for every country); PayPal shows its e-mail. */
export function maskPayout(payout: Payout): string {
  return payout.method === 'sepa' ? maskedIban(payout.iban) : payout.email;
}

function usedOffers(usedOfferIds: string[]): Rejection {
  return new Rejection(409, 'Conflict', 'Some offers already belong to a trade; remove them from the cart.', { usedOfferIds });
}

const VOUCHER_MESSAGES: Record<VoucherFailureReason, string> = {
  unknown: 'We do not know this voucher code.',
  expired: 'This voucher has expired.',
  minimum_total: 'The trade total is below the minimum for this voucher.',
  already_used: 'This voucher was already used with this e-mail address.',
  not_in_this_shop: 'This voucher is not valid in this shop.',
};

function voucherRejection(reason: VoucherFailureReason): Rejection {
  const message = VOUCHER_MESSAGES[reason];
  return new Rejection(422, 'Unprocessable Entity', message, { reason, fields: [{ path: 'voucherCode', code: 'voucher', message }] });
}

/**
 * A concurrent submission won the race for a unique index (after our checks passed): the offers are
 * taken, or the single-use voucher is redeemed. Both are answers, never a 500.
 */
async function constraintRejection(db: Database, error: unknown, request: TradeRequest): Promise<Rejection | undefined> {
  const constraint = uniqueViolation(error);
  if (constraint === 'trade_items_pkey') {
    const used = await db.select({ offerId: tradeItems.offerId }).from(tradeItems).where(inArray(tradeItems.offerId, request.offerIds));
    return usedOffers(used.map((u) => u.offerId));
  }
  if (constraint === 'voucher_redemptions_single_use_idx') return voucherRejection('already_used');
  return undefined;
}
