// The account and customer-data contract (product §3 Account session / Registration payload / Customer
// resources, §7 Account and Customer data; product §12), shared by the browser app and the server.
// Bodies and headers are product §7's; where it leaves a shape open it is decided here and listed
// in docs/decisions/009-account-api-shapes.md. Messages are English; the client shows its own
// localized texts per field path or status.

import { z } from './zod';
import { LOCALES } from '../config/locales';
import { coded } from './issues';
import { AddressSchema, PHONE, PayoutSchema, TRADE_NUMBER } from './trades';
import { TradeViewSchema } from './trade-view';

// ---------------------------------------------------------------------------------------------
// Passwords (OWASP ASVS 5 §6.2): 8 to 128 characters, counted as Unicode code points, never
// truncated, no composition rules; the most common passwords are refused by the server.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const codePoints = (value: string) => [...value].length;

export const PasswordSchema = z.string({ error: 'The password is required.' }).check(
  z.refine(
    (value) => codePoints(value) >= PASSWORD_MIN,
    coded('passwordTooShort', `The password needs at least ${PASSWORD_MIN} characters.`, { abort: true }),
  ),
  z.refine(
    (value) => codePoints(value) <= PASSWORD_MAX,
    coded('passwordTooLong', `The password may have at most ${PASSWORD_MAX} characters.`),
  ),
);

/** Login and current-password fields: anything up to a sane bound (the hash decides). */
const PresentedPasswordSchema = z
  .string({ error: 'The password is required.' })
  .check(z.minLength(1, 'The password is required.'), z.maxLength(4 * PASSWORD_MAX, 'The password is too long.'));

/** E-mail addresses and usernames are compared lower-cased (product §3: both lower-cased). */
export const AccountEmailSchema = z.pipe(
  z
    .string({ error: 'The e-mail address is required.' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, 'This e-mail address is too long.')),
  z.email('This e-mail address is not valid.'),
);

const LocaleSchema = z.enum(LOCALES, 'This shop language is not known.');

// ---------------------------------------------------------------------------------------------
// Tokens (product §7 login/loginRefresh answer). Access tokens are JWTs (5 minutes, subject = customer
// id); refresh tokens are opaque, single-use and rotated.

export const ACCESS_TOKEN_SECONDS = 5 * 60;

export const TokenAnswerSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  token_type: z.literal('Bearer'),
  /** Seconds the access token is valid from now. */
  expires_in: z.number().check(z.int(), z.positive()),
  /** Seconds until the refresh token family ends (absolute lifetime; longer with remember-me). */
  refresh_expires_in: z.number().check(z.int(), z.positive()),
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

// Header names (product §7 puts tokens and identifiers in headers).
export const REFRESH_TOKEN_HEADER = 'x-refresh-token';
export const ACCESS_TOKEN_HEADER = 'x-access-token';
export const ACTIVATION_TOKEN_HEADER = 'x-activation-token';
export const IDENTIFIER_HEADER = 'x-customer-identifier';
export const RESET_TOKEN_HEADER = 'x-reset-token';
/** POST /api/account/signInWithLink: the token of the mailed sign-in link (decision 077). */
export const SIGN_IN_TOKEN_HEADER = 'x-sign-in-token';

/**
 * Activation and reset tokens: 32 random bytes, base64url (43 characters). "Decoding" one (product §4)
 * checks this form; anything else is not activated without asking the server.
 */
export const ONE_TIME_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// ---------------------------------------------------------------------------------------------
// Account calls (product §7 "Account")

export const LoginRequestSchema = z.object({
  username: AccountEmailSchema,
  password: PresentedPasswordSchema,
  /** Remember me: a longer absolute refresh lifetime. The password is never stored (product §12). */
  rememberMe: z.optional(z.boolean()),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  password: PasswordSchema,
  userId: z.uuid('userId must be your customer id.'),
  email: AccountEmailSchema,
  currentPassword: PresentedPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The product §3 registration payload (Keycloak-shaped user representation). */
export function RegistrationSchema(locale?: (typeof LOCALES)[number]) {
  const address = locale ? z.partial(AddressSchema(locale), { phone: true }) : z.never();
  return z
    .object({
      enabled: z.literal(true, { error: 'enabled must be true.' }),
      firstName: z
        .string({ error: 'The first name is required.' })
        .check(z.trim(), z.minLength(1, 'The first name is required.'), z.maxLength(50, 'The first name is at most 50 characters.')),
      lastName: z
        .string({ error: 'The last name is required.' })
        .check(z.trim(), z.minLength(1, 'The last name is required.'), z.maxLength(50, 'The last name is at most 50 characters.')),
      username: AccountEmailSchema,
      email: AccountEmailSchema,
      credentials: z
        .array(z.object({ type: z.literal('password'), value: PasswordSchema, temporary: z.literal(false) }), {
          error: 'credentials must hold the password.',
        })
        .check(z.length(1, 'credentials must hold exactly one password.')),
      requiredActions: z._default(z.array(z.string()).check(z.maxLength(0, 'requiredActions must be empty.')), []),
      groups: z._default(z.array(z.string()).check(z.maxLength(0, 'groups must be empty.')), []),
      attributes: z.object({
        locale: z.tuple([LocaleSchema], 'attributes.locale must be [locale].'),
        /** The privacy notice was accepted (the form's consent box). */
        privacyAccepted: z.tuple([z.literal('true')], 'Please accept the privacy notice.'),
      }),
      /** Optional first address (the checkout's register path sends it). */
      Address: z.optional(address),
      /** Optional first payout account. */
      Payment: z.optional(PayoutSchema),
    })
    .check(z.refine((value) => value.username === value.email, { path: ['username'], error: 'username must equal the e-mail address.' }));
}
export type Registration = z.infer<ReturnType<typeof RegistrationSchema>>;

/** The guest trade's link token (the `token` of its Trade-Url) for POST /api/account/registerFromTrade. */
export const TRADE_TOKEN_HEADER = 'x-trade-token';

/**
 * POST /api/account/registerFromTrade (issue 32 part 2): after a guest sale, an account made of the
 * trade's e-mail, name, address and payout account; the seller only chooses a password. Answers 202
 * like the registration, and the activation mail goes to the trade's e-mail.
 */
export const RegisterFromTradeRequestSchema = z.object({
  tradeNumber: z.string({ error: 'The trade number is required.' }).check(z.regex(TRADE_NUMBER, 'This is not a trade number.')),
  password: PasswordSchema,
  privacyAccepted: z.literal(true, { error: 'Please accept the privacy notice.' }),
});
export type RegisterFromTradeRequest = z.infer<typeof RegisterFromTradeRequestSchema>;

/** Register, forgot-password: the same answer whether or not the e-mail is known (no enumeration). */
export const AcceptedAnswerSchema = z.object({ status: z.literal('accepted') });

export const ForgotPasswordRequestSchema = z.object({ email: AccountEmailSchema, lang: LocaleSchema });

export const ResetPasswordRequestSchema = z.object({ password: PasswordSchema });

/** POST /api/account/signInLinkMail: a sign-in link for a throttled account (always 202, like forgotPasswordMail). */
export const SignInLinkRequestSchema = z.object({ email: AccountEmailSchema, lang: LocaleSchema });

/** POST /api/account/signInWithLink (token in SIGN_IN_TOKEN_HEADER): answers a TokenAnswer like the login. */
export const SignInWithLinkRequestSchema = z.object({ rememberMe: z.optional(z.boolean()) });

/** POST /api/account/activateRegistration: `token` is the identifier for activateCustomerByIdentifier. */
export const ActivationAnswerSchema = z.object({ activated: z.boolean(), token: z.optional(z.string()) });
export type ActivationAnswer = z.infer<typeof ActivationAnswerSchema>;

export const IdentifierActivationAnswerSchema = z.object({ activated: z.literal(true), customerNumber: z.string() });

/** DELETE /api/customers/customers and DELETE /api/account/deleteUser. */
export const DeleteAccountRequestSchema = z.object({
  customerId: z.uuid('customerId must be your customer id.'),
  /** The customer number. */
  customerIdentifier: z.string().check(z.minLength(1, 'customerIdentifier is required.'), z.maxLength(40)),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

export const SuccessAnswerSchema = z.object({ success: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Customer data (product §7 "Customer data"): resources carry an IRI in `@id`,
// /api/customers/<collection>/<uuid>. Every call acts on the bearer's own data only.

export const CUSTOMER_COLLECTIONS = [
  'customers',
  'addresses',
  'bank_accounts',
  'paypal_accounts',
  'customer_payment_accounts',
  'phone_contacts',
  'people',
] as const;
export type CustomerCollection = (typeof CUSTOMER_COLLECTIONS)[number];

export const iriOf = (collection: CustomerCollection, id: string) => `/api/customers/${collection}/${id}`;

export function IriSchema(collection: CustomerCollection) {
  const pattern = new RegExp(`^/api/customers/${collection}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`);
  return z
    .string({ error: `A ${collection} IRI is required.` })
    .check(z.trim(), z.toLowerCase(), z.regex(pattern, `This is not a ${collection} IRI (/api/customers/${collection}/<id>).`));
}

/** The id at the end of an IRI. */
export const idOfIri = (iri: string) => iri.slice(iri.lastIndexOf('/') + 1);

const resource = (collection: CustomerCollection) => z.object({ '@id': IriSchema(collection) });

export const CustomerSchema = z.extend(resource('customers'), {
  id: z.uuid(),
  customerNumber: z.nullable(z.string()),
  email: z.string(),
  locale: LocaleSchema,
  person: IriSchema('people'),
  createdAt: z.iso.datetime(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** The checkout address fields (country fixed by the shop) as a stored resource. */
export const CustomerAddressSchema = z.extend(resource('addresses'), {
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  phone: z.optional(z.string()),
  country: z.string(),
  updatedAt: z.iso.datetime(),
});
export type CustomerAddress = z.infer<typeof CustomerAddressSchema>;

/** PATCH /api/customers/addresses: `{address}`; with `@id` that address, else the primary one (created when missing). */
export function AddressPatchSchema(locale: (typeof LOCALES)[number]) {
  return z.object({ address: z.extend(AddressSchema(locale), { '@id': z.optional(IriSchema('addresses')) }) });
}

export const BankAccountSchema = z.extend(resource('bank_accounts'), {
  accountHolder: z.string(),
  /** Masked unless the owner reads it: FR14 •••• … 2606. */
  iban: z.string(),
  ibanMasked: z.string(),
  bic: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

const SepaFieldsSchema = z.omit(PayoutSchema.def.options[0], { method: true });
const PaypalFieldsSchema = z.omit(PayoutSchema.def.options[1], { method: true });

export const BankAccountPatchSchema = z.object({ payment: z.extend(SepaFieldsSchema, { '@id': IriSchema('bank_accounts') }) });

export const PaypalAccountSchema = z.extend(resource('paypal_accounts'), { email: z.string() });
export type PaypalAccount = z.infer<typeof PaypalAccountSchema>;

export const PaypalAccountPatchSchema = z.object({ paypalAccount: z.extend(PaypalFieldsSchema, { '@id': IriSchema('paypal_accounts') }) });

export const PAYMENT_ACCOUNT_TYPES = ['INVOICE'] as const;

/** POST /api/customers/customer_payment_accounts (product §3 defaults: paymentType INVOICE, isPrimary false). */
export const PaymentAccountCreateSchema = z
  .object({
    bankAccount: z.optional(SepaFieldsSchema),
    paypalAccount: z.optional(PaypalFieldsSchema),
    paymentType: z._default(z.enum(PAYMENT_ACCOUNT_TYPES), 'INVOICE'),
    isPrimary: z._default(z.boolean(), false),
    customer: IriSchema('customers'),
  })
  .check(
    z.refine((value) => (value.bankAccount === undefined) !== (value.paypalAccount === undefined), {
      path: ['bankAccount'],
      error: 'Send exactly one of bankAccount or paypalAccount.',
    }),
  );
export type PaymentAccountCreate = z.input<typeof PaymentAccountCreateSchema>;

export const PaymentAccountSchema = z.extend(resource('customer_payment_accounts'), {
  bankAccount: z.nullable(BankAccountSchema),
  paypalAccount: z.nullable(PaypalAccountSchema),
  paymentType: z.enum(PAYMENT_ACCOUNT_TYPES),
  isPrimary: z.boolean(),
  customer: IriSchema('customers'),
});
export type PaymentAccount = z.infer<typeof PaymentAccountSchema>;

export const GuestAccountNumberAnswerSchema = z.object({
  customerNumber: z.string(),
  /** Earlier guest trades with the account's (verified) e-mail now in the trade history. */
  claimedTrades: z.number().check(z.int(), z.nonnegative()),
});

const PhoneSchema = z.string({ error: 'The phone number is required.' }).check(
  z.trim(),
  z.refine((phone) => PHONE.test(phone), coded('phone', 'A phone number has 6 to 20 digits, spaces, + or -.')),
);

export const PhoneContactSchema = z.extend(resource('phone_contacts'), { phone: z.string() });
export type PhoneContact = z.infer<typeof PhoneContactSchema>;
export const PhoneCreateSchema = z.object({ phone: PhoneSchema, customerIri: IriSchema('customers') });
export const PhonePatchSchema = z.extend(PhoneCreateSchema, { phoneIri: IriSchema('phone_contacts') });

/** The person: `address` is the form of address (salutation) with the name and birthdate. */
export const PersonSchema = z.extend(resource('people'), {
  salutation: z.enum(['mr', 'ms', 'none']),
  firstName: z.string(),
  lastName: z.string(),
  /** yyyy-mm-dd or null. */
  birthdate: z.nullable(z.iso.date()),
});
export type Person = z.infer<typeof PersonSchema>;

export const PeoplePatchSchema = z.object({
  address: z.object({
    salutation: z._default(z.enum(['mr', 'ms', 'none']), 'none'),
    firstName: z.string().check(z.trim(), z.minLength(1, 'The first name is required.'), z.maxLength(50)),
    lastName: z.string().check(z.trim(), z.minLength(1, 'The last name is required.'), z.maxLength(50)),
    birthdate: z.optional(
      z.nullable(
        z.iso.date('The birthdate is a date (yyyy-mm-dd).').check(
          z.refine(
            (value) => {
              const age = (Date.now() - Date.parse(value)) / (365.25 * 86_400_000);
              return age >= 16 && age <= 120;
            },
            coded('age', 'Sellers must be at least 16 years old.'),
          ),
        ),
      ),
    ),
  }),
  peopleIri: IriSchema('people'),
  customerIri: IriSchema('customers'),
});

export const TradeHistorySchema = z.object({ trades: z.array(TradeViewSchema) });
