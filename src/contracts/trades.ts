// The checkout contract (product §11): the trade request the client submits (offer ids, identity,
// address, payout, voucher, terms), the trade the server answers with, and the voucher check.
// Messages are English (for API clients); each failing field also carries an issue code (./issues),
// which the browser app turns into its own localized text.

import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from './zod';
import { countryConfig } from '../config/countries';
import { DEFAULT_PAYMENT_TYPE_SELECTION, PAYPAL_PAYMENT_METHOD_CODE } from '../config/constants';
import type { Locale } from '../config/locales';
import { isValidPostalCode } from '../config/rules';
import { coded } from './issues';
import { isPostalText } from './text';
import { isValidVatId, normalizeVatId, VAT_ID_EXAMPLE } from './vat-id';
import { ApiErrorSchema, ConditionIdSchema } from './offers';

/**
 * A trade number as the shop hands it out: TR-<year>-<6 or more digits> (TR-2026-000123) for a
 * private seller's trade, TB-<year>-<digits> (TB-2026-000045) for a business trade (its own range).
 */
export const TRADE_NUMBER = /^T[RB]-\d{4}-\d{6,}$/;

/** Most devices one trade may hold. */
export const MAX_TRADE_OFFERS = 20;

/** Form fields send '' for "not filled in"; optional fields treat it as absent. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The most characters of each text field, by its name (the last segment of its path): the form's
 * `maxlength` and its "at most N characters" message read the same numbers the contract checks.
 * The name, street and house number fit the shipping label on two lines each (server/labels).
 */
export const TEXT_LIMITS = {
  firstName: 50,
  lastName: 50,
  street: 100,
  houseNumber: 10,
  postalCode: 10,
  city: 60,
  phone: 20,
  accountHolder: 70,
  iban: 42,
  bic: 14,
  email: 254,
  voucherCode: 40,
  name: 100,
  vatId: 20,
} as const;
export type LimitedField = keyof typeof TEXT_LIMITS;
export const isLimitedField = (field: string): field is LimitedField => Object.hasOwn(TEXT_LIMITS, field);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .check(z.trim(), z.minLength(1, `${label} is required.`), z.maxLength(max, `${label} is at most ${max} characters.`));

/** A name, street or city: the length rule, then letters, digits and punctuation only (src/contracts/text.ts). */
const postalText = (label: string, max: number) =>
  text(label, max).check(
    z.refine(
      isPostalText,
      coded('postalText', `${label} may hold letters, digits, spaces and punctuation only (no emoji or other symbols).`),
    ),
  );

const EmailSchema = z.pipe(
  z
    .string({ error: 'The e-mail address is required.' })
    .check(z.trim(), z.maxLength(TEXT_LIMITS.email, `An e-mail address is at most ${TEXT_LIMITS.email} characters.`)),
  z.email('This e-mail address is not valid.'),
);

/** Digits, spaces, + and -, 6 to 20 of them. */
export const PHONE = /^[\d +-]{6,20}$/;

/** A postal address in the shop's country; the country itself is fixed by the shop, not sent. */
export function AddressSchema(locale: Locale) {
  return z.object({
    firstName: postalText('The first name', TEXT_LIMITS.firstName),
    lastName: postalText('The last name', TEXT_LIMITS.lastName),
    street: postalText('The street', TEXT_LIMITS.street),
    houseNumber: postalText('The house number', TEXT_LIMITS.houseNumber),
    postalCode: z.string({ error: 'The postal code is required.' }).check(
      z.trim(),
      z.maxLength(TEXT_LIMITS.postalCode, `A postal code is at most ${TEXT_LIMITS.postalCode} characters.`),
      z.refine((code) => isValidPostalCode(locale, code), coded('postalCode', 'This is not a valid postal code for this country.')),
    ),
    city: postalText('The city', TEXT_LIMITS.city),
    phone: z.pipe(
      z.transform(blankAsAbsent),
      z.optional(
        z.string().check(
          z.trim(),
          z.refine((phone) => PHONE.test(phone), coded('phone', 'A phone number has 6 to 20 digits, spaces, + or -.')),
        ),
      ),
    ),
  });
}
export type Address = z.infer<ReturnType<typeof AddressSchema>>;

/** IBAN in electronic format (no spaces, upper case); SEPA countries only. */
const IbanSchema = z
  .pipe(
    z
      .string({ error: 'The IBAN is required.' })
      .check(z.maxLength(TEXT_LIMITS.iban, `An IBAN is at most 34 characters (${TEXT_LIMITS.iban} with spaces).`)),
    z.transform((iban) => electronicFormatIBAN(iban.toUpperCase()) ?? ''),
  )
  .check(
    z.refine((iban) => isValidIBAN(iban), coded('iban', 'This IBAN is not valid.', { abort: true })),
    z.refine((iban) => isSEPACountry(iban.slice(0, 2)), coded('ibanNotSepa', 'We pay to bank accounts in the SEPA area only.')),
  );

/**
 * Optional: every IBAN we pay to is a SEPA one, and a SEPA transfer needs the IBAN alone. An empty
 * (or absent) BIC is '' (the stored and answered shape stays a string); a given one must be valid.
 */
const BicSchema = z
  .pipe(
    z.optional(z.string().check(z.maxLength(TEXT_LIMITS.bic, `A BIC is 8 or 11 characters.`))),
    z.transform((bic) => (bic ?? '').replace(/\s+/g, '').toUpperCase()),
  )
  .check(z.refine((bic) => bic === '' || isValidBIC(bic), coded('bic', 'This BIC is not valid (8 or 11 characters), or leave it empty.')));

/** The country code of a valid SEPA IBAN as typed (spaces, lower case), else null. */
export function sepaCountryOf(iban: string): string | null {
  const electronic = electronicFormatIBAN(iban.toUpperCase()) ?? '';
  return isValidIBAN(electronic) && isSEPACountry(electronic.slice(0, 2)) ? electronic.slice(0, 2) : null;
}

/** The one masked form of an IBAN (trades, accounts, the checkout's review): country and check digits, the last four. */
export const maskedIban = (iban: string): string => {
  const electronic = electronicFormatIBAN(iban) ?? iban;
  return `${electronic.slice(0, 4)} •••• •••• •••• ${electronic.slice(-4)}`;
};

export const PayoutSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('sepa'),
      accountHolder: postalText('The account holder', TEXT_LIMITS.accountHolder),
      iban: IbanSchema,
      bic: BicSchema,
    }),
    z.object({ method: z.literal('paypal'), email: EmailSchema }),
  ],
  { error: 'Choose a payout method: sepa or paypal.' },
);
export type Payout = z.infer<typeof PayoutSchema>;

/** Product §9: payment type 2 is PayPal, anything else SEPA (default selection "13"). */
export function paymentTypeCode(payout: Pick<Payout, 'method'>): number {
  return payout.method === 'paypal' ? PAYPAL_PAYMENT_METHOD_CODE : Number(DEFAULT_PAYMENT_TYPE_SELECTION);
}

/**
 * Who trades: a guest with the e-mail the confirmation goes to, or the logged-in customer. A customer
 * identity carries no e-mail (the server takes the customer from the bearer token); `email` is
 * declared as never-present so both kinds read `identity.email` (undefined for a customer).
 */
export const IdentitySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('guest'), email: EmailSchema }),
    z.object({
      kind: z.literal('customer'),
      email: z.optional(
        z.undefined({ error: 'A customer checkout sends no e-mail address: it is the one of the account you are logged in with.' }),
      ),
    }),
  ],
  { error: 'The identity is not valid.' },
);

/** Voucher codes are case-insensitive; stored and compared in upper case. */
export const VoucherCodeSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'The voucher code is required.'),
    z.maxLength(TEXT_LIMITS.voucherCode, 'This voucher code is too long.'),
    z.toUpperCase(),
  );

/** Legal forms a business seller picks from (German shop); the UI shows localized names. */
export const LEGAL_FORMS = ['gmbh', 'ug', 'ag', 'ohg', 'kg', 'gmbhCoKg', 'ek', 'gbr', 'einzelunternehmen', 'eg', 'other'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];
export const isLegalForm = (value: string): value is LegalForm => (LEGAL_FORMS as readonly string[]).includes(value);

/**
 * The selling company of a business trade (decision 035): name, legal form and VAT id. The contact
 * person is the address's first and last name, the company address is the trade's address. The VAT
 * id is optional (a small business under §19 UStG has none); when given, it must be a valid EU VAT id.
 */
export const CompanySchema = z.object({
  name: text('The company name', TEXT_LIMITS.name),
  // Not chosen ('' from the form) reads as missing (issue code required), an unknown code as invalid.
  legalForm: z.pipe(
    z.string({ error: 'Choose a legal form.' }).check(z.minLength(1, 'Choose a legal form.')),
    z.enum(LEGAL_FORMS, { error: `Choose a legal form: ${LEGAL_FORMS.join(', ')}.` }),
  ),
  vatId: z.pipe(
    z.transform(blankAsAbsent),
    z.optional(
      z.pipe(
        z
          .string()
          .check(
            z.refine(
              (id) => isValidVatId(id),
              coded('vatId', `This is not a valid EU VAT identification number (e.g. ${VAT_ID_EXAMPLE}).`),
            ),
          ),
        z.transform(normalizeVatId),
      ),
    ),
  ),
});

/** Most units of one offer's device in a business trade-in (the cart's stepper goes to it too). */
export const MAX_OFFER_QUANTITY = 99;

export function TradeRequestSchema(locale: Locale) {
  const b2bAllowed = countryConfig(locale).features.hasB2B;
  return z
    .object({
      offerIds: z
        .array(z.uuid('An offer id is not valid.').check(z.toLowerCase()), { error: 'offerIds must be a list of offer ids.' })
        .check(
          z.minLength(1, 'The cart is empty.'),
          z.maxLength(MAX_TRADE_OFFERS, `A trade holds at most ${MAX_TRADE_OFFERS} devices.`),
          z.refine((ids) => new Set(ids).size === ids.length, 'Each offer can be in the cart only once.'),
        ),
      identity: IdentitySchema,
      address: AddressSchema(locale),
      payout: PayoutSchema,
      voucherCode: z.pipe(z.transform(blankAsAbsent), z.nullish(VoucherCodeSchema)),
      termsAccepted: z.literal(true, { error: 'Please accept the terms and conditions.' }),
      b2b: b2bAllowed
        ? z.optional(z.boolean())
        : z.optional(z.literal(false, { error: 'Business trade-ins are only available in the German shop.' })),
      /** Required with b2b: true, refused without it. */
      company: z.optional(CompanySchema),
      /**
       * A logged-in customer's checkout keeps the address and the payout account in the account
       * (issue 32 part 2); the checkout's box is checked by default. A guest has no account to keep them in.
       */
      saveToAccount: z.optional(z.boolean({ error: 'saveToAccount is true or false.' })),
      /** Units per offer id (business trade-in); an offer not listed is one unit. */
      quantities: z.optional(
        z.record(
          z.uuid('An offer id is not valid.').check(z.toLowerCase()),
          z
            .number({ error: 'A quantity is a whole number.' })
            .check(
              z.int('A quantity is a whole number.'),
              z.gte(1, 'A quantity is at least 1.'),
              z.lte(MAX_OFFER_QUANTITY, `A quantity is at most ${MAX_OFFER_QUANTITY}.`),
            ),
          { error: 'quantities must map offer ids to numbers.' },
        ),
      ),
    })
    .check(
      z.superRefine((request, ctx) => {
        if (request.b2b === true) {
          if (request.company === undefined)
            ctx.addIssue({
              code: 'custom',
              path: ['company'],
              message: 'A business trade-in needs the company data.',
              params: { code: 'required' },
            });
          if (request.payout.method !== 'sepa')
            ctx.addIssue({
              code: 'custom',
              path: ['payout', 'method'],
              message: 'A business trade-in is paid by SEPA transfer to the company account.',
              params: { code: 'b2bSepaOnly' },
            });
          if (request.address.phone === undefined)
            ctx.addIssue({
              code: 'custom',
              path: ['address', 'phone'],
              message: 'A business trade-in needs a phone number.',
              params: { code: 'required' },
            });
        } else if (request.company !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['company'],
            message: 'Company data belong to a business trade-in only: send b2b: true or leave the company out.',
            params: { code: 'companyWithoutB2b' },
          });
        }
        if (request.saveToAccount === true && request.identity.kind === 'guest')
          ctx.addIssue({
            code: 'custom',
            path: ['saveToAccount'],
            message: 'A guest checkout has no account to keep the details in: log in, or leave saveToAccount out.',
          });
        for (const [offerId, quantity] of Object.entries(request.quantities ?? {})) {
          if (!request.offerIds.includes(offerId))
            ctx.addIssue({ code: 'custom', path: ['quantities', offerId], message: 'This offer is not in the trade.' });
          else if (quantity > 1 && request.b2b !== true)
            ctx.addIssue({
              code: 'custom',
              path: ['quantities', offerId],
              message: 'Several units of one device are for business trade-ins only; a private sale has one unit per offer.',
            });
        }
      }),
    );
}
export type TradeRequest = z.infer<ReturnType<typeof TradeRequestSchema>>;

/** product §11: created → received → inspected → (clarification → accepted | declined → returned) → paid; cancelled before shipping. */
export const TradeStatusSchema = z.enum([
  'created',
  'received',
  'inspected',
  'clarification',
  'accepted',
  'declined',
  'returned',
  'paid',
  'cancelled',
]);
export type TradeStatus = z.infer<typeof TradeStatusSchema>;

export const TradeItemSchema = z.object({
  offerId: z.uuid(),
  deviceId: z.number().check(z.int()),
  deviceName: z.string(),
  /** EUR, the stored offer price (per unit). */
  price: z.number().check(z.nonnegative()),
  conditionId: ConditionIdSchema,
  kind: z.enum(['purchase', 'recycling']),
  /** Units of the device (business trade-in); the item pays truncate2(price × quantity). */
  quantity: z._default(z.number().check(z.int(), z.gte(1), z.lte(MAX_OFFER_QUANTITY)), 1),
});

export const TradeSchema = z.object({
  tradeId: z.uuid(),
  /** Human-friendly, sequential per year: TR-2026-000123 (a business trade: TB-2026-000123). */
  tradeNumber: z.string().check(z.regex(TRADE_NUMBER)),
  /** A business trade-in (decision 035). */
  b2b: z.optional(z.boolean()),
  /** Product §3 transactionId (0 in the checkout state means none). */
  transactionId: z.number().check(z.int(), z.positive()),
  status: TradeStatusSchema,
  items: z.array(TradeItemSchema).check(z.minLength(1)),
  subtotal: z.number().check(z.nonnegative()),
  voucher: z.nullable(z.object({ code: z.string(), value: z.number().check(z.nonnegative()) })),
  /** What the seller is paid: subtotal plus the voucher bonus. */
  total: z.number().check(z.nonnegative()),
  payout: z.object({ method: z.enum(['sepa', 'paypal']), masked: z.string() }),
  createdAt: z.iso.datetime(),
  /** Where the shipping label PDF is; the client takes it from the answer's Label-Url header. */
  labelUrl: z.optional(z.string().check(z.startsWith('/api/trades/'))),
  /** A business trade's credit note PDF; the client takes it from the answer's Credit-Note-Url header. */
  creditNoteUrl: z.optional(z.string().check(z.startsWith('/api/trades/'))),
  /**
   * A guest's trade page with its link token (the one the confirmation mail carries); the client takes
   * it from the answer's Trade-Url header. The thank-you page links it and offers an account made of
   * the trade's details (POST /api/account/registerFromTrade).
   */
  tradeUrl: z.optional(z.string().check(z.startsWith('/'))),
});
export type Trade = z.infer<typeof TradeSchema>;

export const VOUCHER_FAILURE_REASONS = ['unknown', 'expired', 'minimum_total', 'already_used', 'not_in_this_shop'] as const;
export type VoucherFailureReason = (typeof VOUCHER_FAILURE_REASONS)[number];

/** Error answers of POST /api/trades: the ApiError shape plus what the client needs to react. */
export const TradeErrorSchema = z.extend(ApiErrorSchema, {
  unknownOfferIds: z.optional(z.array(z.string())),
  foreignOfferIds: z.optional(z.array(z.string())),
  /** 409: re-quote these offers. */
  expiredOfferIds: z.optional(z.array(z.string())),
  /** 409: these offers belong to another trade; remove them from the cart. */
  usedOfferIds: z.optional(z.array(z.string())),
  reason: z.optional(z.enum(VOUCHER_FAILURE_REASONS)),
  /** 422 of a business trade over the cap: the cap (EUR) … */
  cap: z.optional(z.number()),
  /** … the trade's total (EUR) and how much it is over the cap (EUR). */
  total: z.optional(z.number()),
  overBy: z.optional(z.number()),
});

export const VoucherCheckRequestSchema = z.object({
  code: VoucherCodeSchema,
  /** EUR, the cart total (at most two decimals). */
  cartTotal: z
    .number({ error: 'cartTotal must be a number.' })
    .check(z.nonnegative(), z.lte(1_000_000), z.multipleOf(0.01, 'cartTotal has at most two decimals.')),
  /** Needed to tell whether a single-use voucher was already redeemed by this customer. */
  email: z.pipe(z.transform(blankAsAbsent), z.optional(EmailSchema)),
});
export type VoucherCheckRequest = z.infer<typeof VoucherCheckRequestSchema>;

export const VoucherCheckResultSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    code: z.string(),
    kind: z.enum(['fixed', 'percent']),
    /** EUR the voucher adds to the payout for this cart total. */
    value: z.number().check(z.nonnegative()),
  }),
  z.object({
    valid: z.literal(false),
    reason: z.enum(VOUCHER_FAILURE_REASONS),
    /** EUR, with reason minimum_total. */
    minTotal: z.optional(z.number()),
  }),
]);
export type VoucherCheckResult = z.infer<typeof VoucherCheckResultSchema>;
