// What the staff plugin is given (decision 071), apart from the plugin itself so that its route
// modules can name it without importing the plugin that imports them.

import type { PasswordCost } from '../accounts/password-hash';
import type { CatalogueStore } from '../catalogue/store';
import type { ClarificationMailServices } from '../clarifications/mail';
import type { Database } from '../db/client';
import type { DeferredWork } from '../http/deferred-work';
import type { RateLimitRule } from '../http/rate-limit';
import type { RateLimiter } from '../http/rate-limiter';
import type { Mailer } from '../mail/mailer';
import type { SepaAccount } from '../payouts/sepa-file';
import type { TradeStepMails } from '../trades/lifecycle';
import type { CertificateLinks } from '../trades/links';
import type { ReturnLabelLinks } from './returns';

export interface StaffSessionOptions {
  /** Minutes without a request after which a session ends (default 30). */
  readonly idleMinutes?: number;
  /** Hours after which a session ends however busy (default 12). */
  readonly maxHours?: number;
}

export interface StaffPluginOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  /** The back office's origin (PUBLIC_ORIGINS `staff=…`): its host is the only one answering /api/staff, and changing requests must come from it. */
  readonly origin: string;
  /** Failed sign-ins per IP (memory, or Redis with REDIS_URL). */
  readonly limiter: RateLimiter;
  /** The seller's mail of each step (server/trades/step-mails.tsx), written in the move's transaction. */
  readonly mails: TradeStepMails;
  /** The shop's mailer: woken after the support inbox wrote a reply or a resent mail to the outbox. */
  readonly mailer: Mailer;
  /** The clarification mails (an inspection that asks the seller). */
  readonly clarificationMails: ClarificationMailServices;
  /** Signed links of the data-erasure certificates. */
  readonly certificates: CertificateLinks;
  /** The return labels of declined trades, on each trade's shop (returns). */
  readonly returnLabels: ReturnLabelLinks;
  /** The company's account that SEPA payout batches debit (PAYOUT_DEBTOR_*). */
  readonly payoutDebtor: SepaAccount;
  /** Session timing (tests shorten it); default: 30 idle minutes, 12 hours at most. */
  readonly sessions?: StaffSessionOptions;
  /** Sign-in calls (password, code, set-password link) per client IP; default 20 a minute. */
  readonly signInLimit?: RateLimitRule;
  /** Sign-in links (decision 081): calls per client IP and mails per address; default 10 a minute, 5 an hour. */
  readonly signInLinkLimits?: { readonly perIp?: RateLimitRule; readonly perAddress?: RateLimitRule };
  /** Where the sign-in link's lookup and mail run after the answer (the accounts' queue); without it, before. */
  readonly afterAnswer?: DeferredWork;
  /** argon2id cost of new passwords; default the customers' (server/accounts/password-hash.ts). */
  readonly passwordCost?: PasswordCost;
  /** The clock (tests). */
  readonly now?: () => Date;
}

/** What the composition root hands the back office besides the shared services: its origin and settings. */
export type StaffServices = Pick<
  StaffPluginOptions,
  'origin' | 'payoutDebtor' | 'sessions' | 'signInLimit' | 'signInLinkLimits' | 'passwordCost' | 'now'
>;
