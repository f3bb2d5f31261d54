// Newsletter subscriptions per shop (issue 13): a sign-up makes (or renews) a pending subscriber with
// a fresh nonce that the confirmation link signs; the link confirms (consent time); the profile adds a
// first name and interests; the unsubscribe ends it. Every change writes its audit event in the same
// transaction (what, when and how — never an IP address). A customer whose account e-mail is verified
// subscribes from the account without a second opt-in mail.

import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import type { NewsletterProfile, NewsletterSource, ProfileAnswer, SubscriptionStatus } from '../../src/contracts/newsletter';
import type { Database } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { newsletterEvents, newsletterSubscribers } from '../db/schema/newsletter';
import type { NewsletterSigner } from './signing';

export type Subscriber = typeof newsletterSubscribers.$inferSelect;
type EventName = (typeof newsletterEvents.$inferInsert)['event'];
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface NewsletterContext {
  readonly db: Database;
  readonly signer: NewsletterSigner;
  /** Epoch ms. */
  readonly now: number;
}

const newNonce = () => randomBytes(16).toString('hex');

async function audit(tx: Tx | Database, subscriberId: string, event: EventName, via: string, at: Date) {
  await tx.insert(newsletterEvents).values({ subscriberId, event, via, at });
}

export async function findByHash(db: Database, locale: Locale, emailHash: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.locale, locale), eq(newsletterSubscribers.emailHash, emailHash.toLowerCase())));
  return row;
}

async function findByEmail(db: Database | Tx, locale: Locale, email: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.locale, locale), eq(newsletterSubscribers.email, email)));
  return row;
}

export type SignUpOutcome =
  /** Pending (new, renewed or returning after an unsubscribe): mail the confirmation link. */
  | { readonly kind: 'confirm'; readonly subscriber: Subscriber; readonly token: string }
  /** Already subscribed: nothing changes (the answer is the same). */
  | { readonly kind: 'subscribed'; readonly subscriber: Subscriber };

/** A sign-up from a form: the address is lower-cased by the contract. */
export async function signUp(
  ctx: NewsletterContext,
  input: { locale: Locale; email: string; source: NewsletterSource },
  attempt = 0,
): Promise<SignUpOutcome> {
  const { db, signer } = ctx;
  const at = new Date(ctx.now);
  const emailHash = signer.emailHash(input.email);
  const nonce = newNonce();
  try {
    return await db.transaction(async (tx) => {
      const existing = await findByEmail(tx, input.locale, input.email);
      if (existing?.status === 'subscribed') return { kind: 'subscribed' as const, subscriber: existing };
      let subscriber: Subscriber;
      if (existing) {
        [subscriber] = (await tx
          .update(newsletterSubscribers)
          .set({ status: 'pending', source: input.source, confirmNonce: nonce, requestedAt: at, updatedAt: at })
          .where(eq(newsletterSubscribers.id, existing.id))
          .returning()) as [Subscriber];
      } else {
        [subscriber] = (await tx
          .insert(newsletterSubscribers)
          .values({
            id: randomUUID(),
            locale: input.locale,
            email: input.email,
            emailHash,
            status: 'pending',
            source: input.source,
            confirmNonce: nonce,
            requestedAt: at,
            updatedAt: at,
          })
          .returning()) as [Subscriber];
      }
      await audit(tx, subscriber.id, 'requested', input.source, at);
      const token = signer.confirmToken({ locale: input.locale, emailHash: subscriber.emailHash, nonce, now: ctx.now });
      return { kind: 'confirm' as const, subscriber, token };
    });
  } catch (error) {
    // Two sign-ups of one new address at once: the second finds the first's row on its retry.
    if (attempt === 0 && uniqueViolation(error)) return signUp(ctx, input, 1);
    throw error;
  }
}

export type ConfirmOutcome =
  { readonly kind: 'confirmed'; readonly subscriber: Subscriber; readonly first: boolean } | { readonly kind: 'invalid' };

/** The confirmation link: a valid token of the latest sign-up subscribes (consent time now); a used one of a subscriber is fine. */
export async function confirm(
  ctx: NewsletterContext,
  input: { locale: Locale; emailHash: string; token: string },
): Promise<ConfirmOutcome> {
  const { db, signer } = ctx;
  const at = new Date(ctx.now);
  return db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.locale, input.locale), eq(newsletterSubscribers.emailHash, input.emailHash)))
      .for('update');
    if (!subscriber) return { kind: 'invalid' as const };
    // Opened twice (or by a mail scanner first): the subscription stands, the nonce is gone.
    if (subscriber.status === 'subscribed' && subscriber.confirmNonce === null) {
      return { kind: 'confirmed' as const, subscriber, first: false };
    }
    const nonce = subscriber.confirmNonce;
    if (subscriber.status !== 'pending' || nonce === null) return { kind: 'invalid' as const };
    if (!signer.verifyConfirmToken(input.token, { locale: input.locale, emailHash: subscriber.emailHash, nonce, now: ctx.now })) {
      return { kind: 'invalid' as const };
    }
    const [confirmed] = (await tx
      .update(newsletterSubscribers)
      .set({ status: 'subscribed', confirmNonce: null, consentedAt: at, unsubscribedAt: null, updatedAt: at })
      .where(eq(newsletterSubscribers.id, subscriber.id))
      .returning()) as [Subscriber];
    await audit(tx, subscriber.id, 'confirmed', 'mail link', at);
    return { kind: 'confirmed' as const, subscriber: confirmed, first: true };
  });
}

const statusOf = (subscriber: Subscriber | undefined): SubscriptionStatus =>
  subscriber === undefined || subscriber.status === 'unsubscribed' ? 'none' : subscriber.status;

export const profileOf = (subscriber: Subscriber): ProfileAnswer => ({
  emailHash: subscriber.emailHash,
  status: statusOf(subscriber),
  firstName: subscriber.firstName ?? '',
  interests: subscriber.interests as ProfileAnswer['interests'],
});

/** First name and interests of a confirmed subscriber; undefined for an unknown hash or one not subscribed. */
export async function updateProfile(
  ctx: NewsletterContext,
  input: { locale: Locale; emailHash: string; profile: NewsletterProfile },
): Promise<Subscriber | undefined> {
  const at = new Date(ctx.now);
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(newsletterSubscribers)
      .set({
        firstName: input.profile.firstName === '' ? null : input.profile.firstName,
        interests: input.profile.interests,
        updatedAt: at,
      })
      .where(
        and(
          eq(newsletterSubscribers.locale, input.locale),
          eq(newsletterSubscribers.emailHash, input.emailHash),
          eq(newsletterSubscribers.status, 'subscribed'),
        ),
      )
      .returning();
    if (updated) await audit(tx, updated.id, 'enriched', 'profile', at);
    return updated;
  });
}

export type UnsubscribeVia = 'mail link' | 'one-click' | 'account';

/** Ends the subscription of a hash (pending or subscribed); false for an unknown hash. Repeating it is fine. */
export async function unsubscribe(
  ctx: NewsletterContext,
  input: { locale: Locale; emailHash: string; via: UnsubscribeVia },
): Promise<boolean> {
  const at = new Date(ctx.now);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.locale, input.locale), eq(newsletterSubscribers.emailHash, input.emailHash)))
      .for('update');
    if (!row) return false;
    if (row.status === 'unsubscribed') return true;
    await tx
      .update(newsletterSubscribers)
      // The profile goes with the subscription; the address stays for the consent audit.
      .set({ status: 'unsubscribed', confirmNonce: null, firstName: null, interests: [], unsubscribedAt: at, updatedAt: at })
      .where(eq(newsletterSubscribers.id, row.id));
    await audit(tx, row.id, 'unsubscribed', input.via, at);
    return true;
  });
}

/** The logged-in customer's subscription in this shop. */
export async function accountSubscription(
  db: Database,
  locale: Locale,
  email: string,
): Promise<{ status: SubscriptionStatus; emailHash: string | null }> {
  const subscriber = await findByEmail(db, locale, email);
  const status = statusOf(subscriber);
  return { status, emailHash: status === 'subscribed' ? subscriber!.emailHash : null };
}

/**
 * The account's switch: the account e-mail was verified by its activation, so subscribing here needs
 * no confirmation mail (consent time now, source account).
 */
export async function setAccountSubscription(
  ctx: NewsletterContext,
  input: { locale: Locale; email: string; subscribed: boolean },
  attempt = 0,
): Promise<Subscriber | undefined> {
  const at = new Date(ctx.now);
  if (!input.subscribed) {
    const existing = await findByEmail(ctx.db, input.locale, input.email);
    if (existing) await unsubscribe(ctx, { locale: input.locale, emailHash: existing.emailHash, via: 'account' });
    return undefined;
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = await findByEmail(tx, input.locale, input.email);
      if (existing?.status === 'subscribed') return existing;
      const fields = {
        status: 'subscribed' as const,
        source: 'account' as const,
        confirmNonce: null,
        consentedAt: at,
        unsubscribedAt: null,
      };
      const [row] = (
        existing
          ? await tx
              .update(newsletterSubscribers)
              .set({ ...fields, requestedAt: at, updatedAt: at })
              .where(eq(newsletterSubscribers.id, existing.id))
              .returning()
          : await tx
              .insert(newsletterSubscribers)
              .values({
                id: randomUUID(),
                locale: input.locale,
                email: input.email,
                emailHash: ctx.signer.emailHash(input.email),
                requestedAt: at,
                updatedAt: at,
                ...fields,
              })
              .returning()
      ) as [Subscriber];
      await audit(tx, row.id, 'requested', 'account', at);
      await audit(tx, row.id, 'confirmed', 'account', at);
      return row;
    });
  } catch (error) {
    if (attempt === 0 && uniqueViolation(error)) return setAccountSubscription(ctx, input, 1);
    throw error;
  }
}

/** The confirmed subscribers of a shop, oldest consent first (the ops export). */
export async function confirmedSubscribers(db: Database, locale: Locale): Promise<Subscriber[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.locale, locale), eq(newsletterSubscribers.status, 'subscribed')))
    .orderBy(asc(newsletterSubscribers.consentedAt), asc(sql`${newsletterSubscribers.email}`));
}
