// The staff back office's API (/api/staff/* on the staff host, product §11.10): signing in with a
// password and a TOTP second factor, the signed-in user, receiving a parcel by its label's barcode,
// a trade as the inspector sees it, the counter-offer preview, saving an inspection, the data-erasure
// confirmation, staff users and the audit log. Amounts are in cents (the back office shows exact
// money); times are ISO instants. A refusal is the ApiError shape with a `reason` code the screens
// turn into words.

import { ApiErrorSchema } from './offers';
import { TradeStatusSchema } from './trades';
import { z } from './zod';

export const STAFF_ROLES = ['support', 'inspector', 'payouts', 'admin'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** Why a staff request was refused; only the UI turns a reason into words. */
export const STAFF_FAILURE_REASONS = [
  /** Wrong e-mail or password (the same answer for both). */
  'invalid_credentials',
  /** Too many wrong attempts: the account waits `retryAfterSeconds`. */
  'locked',
  /** The TOTP code is wrong, or was used already (a replay). */
  'invalid_code',
  /** No session, or it timed out (idle or absolute). */
  'signed_out',
  /** A changing request without the session's X-CSRF-Token, or from another origin. */
  'csrf',
  /** The signed-in user's roles do not allow this. */
  'forbidden',
  /** The one-time link is unknown, used or expired (a sign-in link also ends after 5 wrong codes). */
  'link_invalid',
  /** A sign-in link needs the second factor, and the account has not enrolled its authenticator app. */
  'not_enrolled',
  'trade_not_found',
  /** The trade is not in the status the step needs (`status` says which it is in). */
  'wrong_status',
  /** The trade changed since the screen loaded it (`changedBy`, `changedAt` say who and when): nothing was saved. */
  'stale',
  /** An IMEI whose check digit is wrong, or a serial number that is too short. */
  'invalid_identifier',
  /** A photo that is not a JPEG, PNG or WebP image, is empty or too large, or one too many. */
  'photo_rejected',
  /** The device is not accepted (declined, blocked or awaiting the seller), so it gets no certificate. */
  'not_accepted',
  'staff_exists',
  'staff_not_found',
  /** An admin may not take the admin role from, or disable, themselves. */
  'own_account',
  /** Payout batches (src/contracts/payouts.ts): a trade paid by the other method (or SEPA Instant for PayPal). */
  'wrong_method',
  /** Nothing of the trade is due: not inspected yet, paid, or waiting for the seller. */
  'nothing_due',
  /** The trade waits in a payout batch already (`tradeNumber` says which). */
  'in_batch',
  'batch_not_found',
  /** The batch is not open (executed or cancelled). */
  'batch_state',
  /** A day in the past where a future one is needed, or the other way round. */
  'invalid_day',
  /** Bank returns: the batch pays no such trade. */
  'entry_not_found',
  /** That transfer is not executed (or came back already). */
  'entry_state',
  /** A late-bonus top-up of that transfer is in another batch: cancel it, or return the top-up first. */
  'top_up_live',
  /** Support inbox (src/contracts/support.ts): no contact message (or attachment) with this reference. */
  'message_not_found',
  /** The message is closed: reopen it to reply. */
  'message_closed',
  /** The assignee is not a support user (unknown, disabled, or without the role). */
  'not_support',
  /** The lookup's text is neither a trade number, an e-mail address nor an IMEI or serial number. */
  'invalid_query',
  'mail_not_found',
  /** Only a sent mail is sent again (a pending or dead one goes out by itself or by `mail retry`). */
  'mail_not_sent',
  /** The mail was sent too long ago: its message is no longer kept (decision 076). */
  'mail_not_kept',
] as const;
export const StaffFailureReasonSchema = z.enum(STAFF_FAILURE_REASONS);
export type StaffFailureReason = z.infer<typeof StaffFailureReasonSchema>;

export const StaffErrorSchema = z.extend(ApiErrorSchema, {
  reason: z.optional(StaffFailureReasonSchema),
  retryAfterSeconds: z.optional(z.number().check(z.int())),
  status: z.optional(TradeStatusSchema),
  changedBy: z.optional(z.string()),
  changedAt: z.optional(z.iso.datetime()),
  tradeNumber: z.optional(z.string()),
});

/** The CSRF header every POST/PUT/DELETE of a session sends (synchronizer token, decision 071). */
export const STAFF_CSRF_HEADER = 'x-csrf-token';

const email = z.email({ error: 'Enter the e-mail address of your staff account.' }).check(z.maxLength(254));

// ---- Signing in ----------------------------------------------------------------------------------

export const StaffLoginRequestSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, { error: 'Enter your password.' }), z.maxLength(256)),
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequestSchema>;

/** After the password: the second factor; on the first sign-in, enrol it first (scan the QR code). */
export const StaffLoginAnswerSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('secondFactor') }),
  z.object({
    step: z.literal('enrol'),
    /** Base32, for typing into an authenticator app without a camera. */
    secret: z.string(),
    otpauthUri: z.string().check(z.startsWith('otpauth://totp/')),
    /** The otpauth URI as an SVG QR code. */
    qrSvg: z.string().check(z.startsWith('<svg')),
  }),
]);
export type StaffLoginAnswer = z.infer<typeof StaffLoginAnswerSchema>;

export const TotpCodeRequestSchema = z.object({
  code: z.string().check(z.regex(/^\d{6}$/, { error: 'Enter the 6 digits your authenticator app shows.' })),
});

/** The back office's languages (decision 072): its screens, and the mails it sends its users. */
export const STAFF_LOCALES = ['en', 'de'] as const;
export type StaffLocale = (typeof STAFF_LOCALES)[number];

/**
 * POST /api/staff/sign-in-link: a mailed sign-in link for a locked account (decision 081). Always 202
 * `accepted`, whether the address is a staff account or not; the mail is in `lang`.
 */
export const StaffSignInLinkRequestSchema = z.object({ email, lang: z.enum(STAFF_LOCALES) });
export type StaffSignInLinkRequest = z.infer<typeof StaffSignInLinkRequestSchema>;
export const StaffSignInLinkAnswerSchema = z.object({ status: z.literal('accepted') });

/** POST /api/staff/sign-in-link/session: the link's token and the TOTP code; answers the signed-in user (StaffMe). */
export const StaffLinkSignInRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  code: TotpCodeRequestSchema.shape.code,
});
export type StaffLinkSignInRequest = z.infer<typeof StaffLinkSignInRequestSchema>;

export const SetPasswordRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.minLength(12, { error: 'Use at least 12 characters.' }), z.maxLength(256)),
});

export const StaffMeSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  /** Sent back in X-CSRF-Token with every changing request of this session. */
  csrfToken: z.string(),
  /** Idle minutes after which the session ends. */
  idleMinutes: z.number().check(z.int(), z.positive()),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

// ---- Trades --------------------------------------------------------------------------------------

/** A trade number as the label's Code 128 carries it (a scanner types it, then Enter). */
export const ScanRequestSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Scan or type the trade number from the label.' }),
      z.maxLength(40, { error: 'That is not a trade number from a label.' }),
    ),
});

export const StaffAnswerOptionSchema = z.object({ id: z.number().check(z.int()), code: z.string(), text: z.string() });
export const StaffQuestionSchema = z.object({
  id: z.number().check(z.int()),
  code: z.string(),
  text: z.string(),
  answers: z.array(StaffAnswerOptionSchema),
});

export const ERASURE_METHODS = ['factory_reset_encrypted', 'cryptographic_erase'] as const;
export const ErasureMethodSchema = z.enum(ERASURE_METHODS);
export type ErasureMethod = z.infer<typeof ErasureMethodSchema>;

export const StaffTradeItemSchema = z.object({
  offerId: z.uuid(),
  position: z.number().check(z.int()),
  deviceId: z.number().check(z.int()),
  deviceName: z.string(),
  quantity: z.number().check(z.int(), z.positive()),
  /** Per unit. */
  offeredCents: z.number().check(z.int(), z.nonnegative()),
  kind: z.enum(['purchase', 'recycling']),
  /** The device's questions in the trade's language, in order. */
  questions: z.array(StaffQuestionSchema),
  /** The seller's answers: answer id per question id. */
  offeredAnswers: z.record(z.string(), z.number().check(z.int())),
  inspection: z.nullable(
    z.object({
      foundAnswers: z.record(z.string(), z.number().check(z.int())),
      foundKind: z.enum(['purchase', 'recycling', 'blocked']),
      foundPriceCents: z.number().check(z.int()),
      agreedPriceCents: z.nullable(z.number().check(z.int())),
      identifier: z.nullable(z.string()),
      note: z.nullable(z.string()),
      inspectedAt: z.iso.datetime(),
      photoIds: z.array(z.uuid()),
    }),
  ),
  clarification: z.nullable(z.object({ status: z.enum(['open', 'accepted', 'declined']), newPriceCents: z.number().check(z.int()) })),
  certificate: z.nullable(z.object({ id: z.uuid(), method: ErasureMethodSchema, erasedAt: z.iso.datetime(), pdfPath: z.string() })),
});
export type StaffTradeItem = z.infer<typeof StaffTradeItemSchema>;

export const StaffTradeSchema = z.object({
  tradeNumber: z.string(),
  status: TradeStatusSchema,
  /** Named in every save: a save on an older version is refused (`stale`). */
  version: z.number().check(z.int(), z.nonnegative()),
  locale: z.string(),
  b2b: z.boolean(),
  sellerName: z.string(),
  sellerEmail: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  totalCents: z.number().check(z.int()),
  items: z.array(StaffTradeItemSchema),
  /** Another staff user who has the trade open, or null. */
  heldBy: z.nullable(z.object({ name: z.string(), email: z.string(), since: z.iso.datetime() })),
  /** Status history, oldest first. */
  transitions: z.array(
    z.object({ from: z.nullable(TradeStatusSchema), to: TradeStatusSchema, at: z.iso.datetime(), note: z.nullable(z.string()) }),
  ),
});
export type StaffTrade = z.infer<typeof StaffTradeSchema>;

export const ReceiveAnswerSchema = z.object({
  /** False when the trade was received before (scanning it again opens it). */
  received: z.boolean(),
  trade: StaffTradeSchema,
});
export type ReceiveAnswer = z.infer<typeof ReceiveAnswerSchema>;

export const TradeSearchAnswerSchema = z.object({
  trades: z.array(
    z.object({
      tradeNumber: z.string(),
      status: TradeStatusSchema,
      sellerEmail: z.nullable(z.string()),
      createdAt: z.iso.datetime(),
      totalCents: z.number().check(z.int()),
      items: z.number().check(z.int()),
    }),
  ),
});

/** An IMEI (15 digits, Luhn check digit) or a serial number (6–30 letters and digits). */
export function identifierProblem(value: string): 'imei_check_digit' | 'too_short' | 'invalid' | null {
  const v = value.replace(/[\s-]/g, '');
  if (/^\d{15}$/.test(v)) return luhnValid(v) ? null : 'imei_check_digit';
  if (v.length < 6) return 'too_short';
  return /^[A-Za-z0-9]{6,30}$/.test(v) ? null : 'invalid';
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const IdentifierSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.maxLength(40),
    z.refine((v) => identifierProblem(v) === null, { error: 'Enter the 15-digit IMEI (check digit) or the serial number.' }),
  ),
  z.transform((v) => v.replace(/[\s-]/g, '').toUpperCase()),
);

export const ItemInspectionSchema = z.object({
  offerId: z.uuid(),
  /** Answer id per question id as found; questions left out are as offered. */
  answers: z.record(z.string().check(z.regex(/^\d{1,9}$/)), z.number().check(z.int())),
  identifier: IdentifierSchema,
  note: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
  /** Uploaded photos of this item (POST …/photos), in order. */
  photoIds: z._default(z.array(z.uuid()).check(z.maxLength(6)), []),
  /** The wipe the inspector confirms for a device that is accepted as it is; absent for one that goes to the seller first. */
  erasure: z.optional(ErasureMethodSchema),
});

export const InspectionRequestSchema = z.object({
  version: z.number().check(z.int(), z.nonnegative()),
  items: z.array(ItemInspectionSchema).check(z.minLength(1), z.maxLength(100)),
});
export type InspectionRequest = z.input<typeof InspectionRequestSchema>;

/** The counter-offer preview: what saving these answers would do to one item, priced like the shop's offers. */
export const QuoteRequestSchema = z.object({
  offerId: z.uuid(),
  answers: z.record(z.string().check(z.regex(/^\d{1,9}$/)), z.number().check(z.int())),
});
export const QuoteAnswerSchema = z.object({
  offerId: z.uuid(),
  foundKind: z.enum(['purchase', 'recycling', 'blocked']),
  /** Per unit. */
  foundPriceCents: z.number().check(z.int()),
  /** `asOffered`/`better`: paid `payCents` (never below the offer); `worse`: the seller is asked (`payCents` is the counter-offer). */
  outcome: z.enum(['asOffered', 'better', 'worse', 'blocked']),
  payCents: z.number().check(z.int()),
});
export type QuoteAnswer = z.infer<typeof QuoteAnswerSchema>;

export const PhotoUploadAnswerSchema = z.object({ id: z.uuid(), contentType: z.string(), size: z.number().check(z.int()) });

export const ErasureRequestSchema = z.object({ version: z.number().check(z.int(), z.nonnegative()), method: ErasureMethodSchema });

// ---- Staff users and the audit log ---------------------------------------------------------------

export const StaffUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  enrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

/** GET /api/staff/users: every staff user, by e-mail. */
export const StaffUsersAnswerSchema = z.object({ users: z.array(StaffUserSchema) });

/** POST /api/staff/users/{id}/password-link: the new one-time link (the old one stops working). */
export const PasswordLinkAnswerSchema = z.object({ setPasswordLink: z.string() });

export const CreateStaffRequestSchema = z.object({
  email,
  name: z.string().check(z.trim(), z.minLength(1, { error: 'Enter the name.' }), z.maxLength(100)),
  roles: z.array(StaffRoleSchema).check(z.minLength(1, { error: 'Choose at least one role.' })),
});
export const CreateStaffAnswerSchema = z.object({ user: StaffUserSchema, setPasswordLink: z.string() });

export const UpdateStaffRequestSchema = z.object({
  roles: z.optional(z.array(StaffRoleSchema).check(z.minLength(1, { error: 'Choose at least one role.' }))),
  disabled: z.optional(z.boolean()),
});

/** A declined trade whose devices go back to the seller (returns, issue 29). */
export const ReturnEntrySchema = z.object({
  tradeNumber: z.string(),
  locale: z.string(),
  seller: z.string(),
  /** Street, postal code and city, for checking the label. */
  address: z.string(),
  /** The devices to pack ("2 × …" for several units). */
  devices: z.array(z.string()),
  /** When the seller's last answer declined them. */
  declinedAt: z.iso.datetime(),
  /** The return label on the trade's shop; null when every declined device is recycled (nothing to ship). */
  returnLabelUrl: z.nullable(z.string()),
});
export type ReturnEntry = z.infer<typeof ReturnEntrySchema>;

export const ReturnsAnswerSchema = z.object({ returns: z.array(ReturnEntrySchema) });

export const AuditEntrySchema = z.object({
  id: z.number().check(z.int()),
  at: z.iso.datetime(),
  actor: z.string(),
  action: z.string(),
  tradeNumber: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  actor: z.optional(z.string().check(z.maxLength(254))),
  action: z.optional(z.string().check(z.maxLength(64))),
  trade: z.optional(z.string().check(z.maxLength(40))),
  /** Entries before this id (the next page). */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});
export const AuditAnswerSchema = z.object({ entries: z.array(AuditEntrySchema), next: z.nullable(z.number().check(z.int())) });
