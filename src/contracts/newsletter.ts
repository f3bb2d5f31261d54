// The newsletter API (product §1, §2 newsletter paths; issue 13): sign-up with double opt-in, the
// confirmation from the mail link, the profile (first name, interests) and the unsubscribe, keyed by
// the signed e-mail hash of the links; and the logged-in customer's subscription.

import { z } from './zod';
import { CATEGORY_KEYS } from '../config/categories';
import { AccountEmailSchema } from './account';
import { coded } from './issues';

/** The hash of the links: HMAC-SHA256 of the address, 64 hex digits (the DE legacy redirect accepts hex). */
export const EMAIL_HASH_PATTERN = /^[0-9a-f]{64}$/i;
/** The confirmation token of the mail link: expiry (epoch seconds) and signature. */
export const CONFIRM_TOKEN_PATTERN = /^\d{1,12}\.[0-9a-f]{64}$/;

export const NEWSLETTER_SOURCES = ['footer', 'home', 'account'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export const FIRST_NAME_MAX = 60;

export const SubscribeRequestSchema = z.object({
  email: AccountEmailSchema,
  source: z.enum(NEWSLETTER_SOURCES),
});

export const EmailHashSchema = z.pipe(
  z.string().check(z.trim(), z.regex(EMAIL_HASH_PATTERN, coded('invalid', 'The link is not complete.'))),
  z.transform((value) => value.toLowerCase()),
);

export const ConfirmRequestSchema = z.object({
  emailHash: EmailHashSchema,
  token: z.string().check(z.regex(CONFIRM_TOKEN_PATTERN, coded('invalid', 'The confirmation link is not complete.'))),
});

export const InterestSchema = z.enum(CATEGORY_KEYS);

export const ProfileSchema = z.object({
  firstName: z.string().check(z.trim(), z.maxLength(FIRST_NAME_MAX, 'The first name is too long.')),
  interests: z.pipe(
    z.array(InterestSchema).check(z.maxLength(CATEGORY_KEYS.length)),
    z.transform((list) => [...new Set(list)]),
  ),
});
export type NewsletterProfile = z.infer<typeof ProfileSchema>;

export const SubscriptionStatusSchema = z.enum(['none', 'pending', 'subscribed']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** GET /api/newsletter/profile/{emailHash} and the confirmation's answer. */
export const ProfileAnswerSchema = z.object({
  emailHash: z.string(),
  status: SubscriptionStatusSchema,
  firstName: z.string(),
  interests: z.array(InterestSchema),
});
export type ProfileAnswer = z.infer<typeof ProfileAnswerSchema>;

/** The logged-in customer's subscription (GET/PUT /api/newsletter/subscription). */
export const SubscriptionAnswerSchema = z.object({
  status: SubscriptionStatusSchema,
  /** Present when subscribed: the key of the enrich and unsubscribe pages. */
  emailHash: z.nullable(z.string()),
});
export type SubscriptionAnswer = z.infer<typeof SubscriptionAnswerSchema>;

export const SubscriptionRequestSchema = z.object({ subscribed: z.boolean() });

export const AcceptedSchema = z.object({ status: z.literal('accepted') });
export const UnsubscribedSchema = z.object({ status: z.literal('unsubscribed') });
