// The checkout's form data as typed (raw strings), its validation with the shared trade contract
// (field path → issue code), the request it becomes, the prefill from a customer account, and how a
// failed submission reads. Pure functions: the checkout machine (./checkout) calls them, tests too.

import type { Locale } from '../config/locales';
import { issueCode, type IssueCode } from '../contracts/issues';
import { readApiFailure } from '../services/api-failure';
import { fieldErrors, hasErrors, type FieldErrors } from './form';
import {
  AddressSchema,
  CompanySchema,
  IdentitySchema,
  PayoutSchema,
  TradeErrorSchema,
  TradeRequestSchema,
  VoucherCodeSchema,
  type Payout,
  type TradeRequest,
  type VoucherCheckResult,
  type VoucherFailureReason,
} from '../contracts/trades';

export const stepOrder = ['identity', 'address', 'payout', 'review'] as const;
export type CheckoutStep = (typeof stepOrder)[number];

export const stepIndex = (step: CheckoutStep): number => stepOrder.indexOf(step);

export const ADDRESS_FIELDS = ['firstName', 'lastName', 'street', 'houseNumber', 'postalCode', 'city', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export const PAYOUT_FIELDS = ['accountHolder', 'iban', 'bic', 'email'] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];
/** A business trade's company (decision 035); the legal form is a code of LEGAL_FORMS, '' until chosen. */
export const COMPANY_FIELDS = ['name', 'legalForm', 'vatId'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

export type PayoutMethod = Payout['method'];

/**
 * A guest trades with the e-mail typed here; a logged-in customer with the account (the request then
 * carries no e-mail, the server takes the customer from the bearer token). `email` is the account's
 * for a customer: shown in the review and used for the voucher check.
 */
export interface IdentityForm {
  readonly kind: 'guest' | 'customer';
  readonly email: string;
}
export type AddressForm = Readonly<Record<AddressField, string>>;
/** Both methods' fields are kept, so switching the method back and forth loses nothing. */
export type PayoutForm = Readonly<Record<PayoutField, string>> & { readonly method: PayoutMethod };
export type CompanyForm = Readonly<Record<CompanyField, string>>;

/** Every field 'checkout.change' may set: the contract's field paths. */
export type CheckoutField =
  'identity.email' | `company.${CompanyField}` | `address.${AddressField}` | `payout.${PayoutField}` | 'voucherCode';
export const CHECKOUT_FIELDS: readonly CheckoutField[] = [
  'identity.email',
  ...COMPANY_FIELDS.map((f) => `company.${f}` as const),
  ...ADDRESS_FIELDS.map((f) => `address.${f}` as const),
  ...PAYOUT_FIELDS.map((f) => `payout.${f}` as const),
  'voucherCode',
];
const KNOWN_FIELDS = new Set<string>(CHECKOUT_FIELDS);
export const isCheckoutField = (field: unknown): field is CheckoutField => typeof field === 'string' && KNOWN_FIELDS.has(field);

/** What validation and the request are made of. */
export interface CheckoutForm {
  readonly locale: Locale;
  readonly cartOfferIds: readonly string[];
  /** Units per offer id of the cart lines with more than one (business trade-in); none = one each. */
  readonly cartQuantities?: Readonly<Record<string, number>>;
  /** Business trade-in (the cart's B2B mode); sent only when true. */
  readonly b2b: boolean;
  readonly identity: IdentityForm;
  /** Asked (and sent) in B2B mode only, on the address step. */
  readonly company: CompanyForm;
  readonly address: AddressForm;
  readonly payout: PayoutForm;
  readonly voucherCode: string;
  readonly termsAccepted: boolean;
  /**
   * A customer's "save to my account" box (issue 32 part 2), checked by default; sent with a customer
   * identity only. A checkout stored before the box existed has none: it counts as checked.
   */
  readonly saveToAccount?: boolean;
}

export const emptyAddress: AddressForm = { firstName: '', lastName: '', street: '', houseNumber: '', postalCode: '', city: '', phone: '' };
export const emptyCompany: CompanyForm = { name: '', legalForm: '', vatId: '' };
export const emptyPayout: PayoutForm = { method: 'sepa', accountHolder: '', iban: '', bic: '', email: '' };

export type ValidVoucher = Extract<VoucherCheckResult, { valid: true }>;
/** A failed voucher check: the server's reason, or 'network' when the check could not be made. */
export type VoucherError = VoucherFailureReason | 'network';

export type SubmitErrorKind = 'network' | 'expired' | 'used' | 'voucher' | 'b2bCap' | 'invalid' | 'unknown';
export interface SubmitError {
  readonly kind: SubmitErrorKind;
  /** expired / used: the offers to re-quote or remove; invalid: unknown or foreign offers. */
  readonly offerIds?: readonly string[];
  /** voucher: the failure reason. */
  readonly reason?: string;
  /** b2bCap: the cap and how much the trade is over it (EUR), from the server's answer. */
  readonly cap?: number;
  readonly overBy?: number;
}

// ---------------------------------------------------------------------------------------------
// Reading and writing fields

const suffix = (field: string, prefix: string) => field.slice(prefix.length + 1);

export function readField(
  form: Pick<CheckoutForm, 'identity' | 'company' | 'address' | 'payout' | 'voucherCode'>,
  field: CheckoutField,
): string {
  if (field === 'identity.email') return form.identity.email;
  if (field === 'voucherCode') return form.voucherCode;
  if (field.startsWith('company.')) return form.company[suffix(field, 'company') as CompanyField];
  if (field.startsWith('address.')) return form.address[suffix(field, 'address') as AddressField];
  return form.payout[suffix(field, 'payout') as PayoutField];
}

/** The part of the form that changes when `field` becomes `value`. */
export function writeField(
  form: Pick<CheckoutForm, 'identity' | 'company' | 'address' | 'payout'>,
  field: CheckoutField,
  value: string,
): Partial<Pick<CheckoutForm, 'identity' | 'company' | 'address' | 'payout' | 'voucherCode'>> {
  if (field === 'identity.email') return { identity: { ...form.identity, email: value } };
  if (field === 'voucherCode') return { voucherCode: value };
  if (field.startsWith('company.')) return { company: { ...form.company, [suffix(field, 'company')]: value } };
  if (field.startsWith('address.')) return { address: { ...form.address, [suffix(field, 'address')]: value } };
  return { payout: { ...form.payout, [suffix(field, 'payout')]: value } };
}

// ---------------------------------------------------------------------------------------------
// Validation with the contract

// One schema per shop, built once (each call of the contract's factories builds a new one).
const memo = <S>(build: (locale: Locale) => S) => {
  const cache = new Map<Locale, S>();
  return (locale: Locale): S => {
    let schema = cache.get(locale);
    if (schema === undefined) cache.set(locale, (schema = build(locale)));
    return schema;
  };
};
const addressSchema = memo(AddressSchema);
const requestSchema = memo(TradeRequestSchema);

/** The payout as the contract shapes it: only the chosen method's fields. */
export function payoutRequest(payout: PayoutForm) {
  return payout.method === 'paypal'
    ? { method: payout.method, email: payout.email }
    : { method: payout.method, accountHolder: payout.accountHolder, iban: payout.iban, bic: payout.bic };
}

/** The identity as the contract shapes it: a customer sends no e-mail. */
export function identityRequest(identity: IdentityForm) {
  return identity.kind === 'customer' ? { kind: identity.kind } : { kind: identity.kind, email: identity.email };
}

/** The body TradeRequestSchema(locale) parses: raw values, the schema trims and normalizes them. */
export function toTradeRequest(form: CheckoutForm) {
  return {
    offerIds: [...form.cartOfferIds],
    identity: identityRequest(form.identity),
    address: { ...form.address },
    payout: payoutRequest(form.payout),
    voucherCode: form.voucherCode,
    termsAccepted: form.termsAccepted,
    ...(form.identity.kind === 'customer' ? { saveToAccount: form.saveToAccount !== false } : {}),
    ...(form.b2b ? { b2b: true, company: { ...form.company } } : {}),
    ...(form.b2b && form.cartQuantities && Object.keys(form.cartQuantities).length > 0 ? { quantities: { ...form.cartQuantities } } : {}),
  };
}

/** The request parsed by the contract (normalized: trimmed, IBAN in electronic format, code upper case), or its errors. */
export function parseTradeRequest(
  form: CheckoutForm,
): { readonly request: TradeRequest; readonly errors: null } | { readonly request: null; readonly errors: FieldErrors } {
  const result = requestSchema(form.locale).safeParse(toTradeRequest(form));
  return result.success ? { request: result.data, errors: null } : { request: null, errors: fieldErrors(result.error) };
}

/** Errors of one step's form ({} when it is complete); 'review' checks the whole request, terms included. */
export function validateStep(step: CheckoutStep, form: CheckoutForm): FieldErrors {
  const fail = (result: { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] & object }, prefix: string) =>
    result.success ? {} : fieldErrors(result.error, { prefix });
  switch (step) {
    case 'identity':
      return fail(IdentitySchema.safeParse(identityRequest(form.identity)), 'identity');
    case 'address':
      return {
        ...(form.b2b ? fail(CompanySchema.safeParse(form.company), 'company') : {}),
        ...fail(addressSchema(form.locale).safeParse(form.address), 'address'),
        // A business seller gives a phone number (the contract asks for it with b2b).
        ...(form.b2b && form.address.phone.trim() === '' ? { 'address.phone': 'required' as const } : {}),
      };
    case 'payout':
      return {
        ...fail(PayoutSchema.safeParse(payoutRequest(form.payout)), 'payout'),
        ...(form.b2b && form.payout.method !== 'sepa' ? { 'payout.method': 'b2bSepaOnly' as const } : {}),
      };
    case 'review':
      return parseTradeRequest(form).errors ?? {};
  }
}

/** The first step in [from, to) whose form has errors, or null. */
export function firstInvalidStep(form: CheckoutForm, from: CheckoutStep, to: CheckoutStep): CheckoutStep | null {
  return stepOrder.slice(stepIndex(from), stepIndex(to)).find((step) => hasErrors(validateStep(step, form))) ?? null;
}

/** The voucher code as the check sends it, or the issue of an unusable code. */
export function parseVoucherCode(
  code: string,
): { readonly code: string; readonly error: null } | { readonly code: null; readonly error: IssueCode } {
  const result = VoucherCodeSchema.safeParse(code);
  const issue = result.error?.issues[0];
  return result.success ? { code: result.data, error: null } : { code: null, error: issue ? issueCode(issue) : 'invalid' };
}

/** The guest's or customer's e-mail when it is valid: vouchers limited to one use per customer need it. */
export function voucherEmail(identity: IdentityForm): string | undefined {
  const result = IdentitySchema.safeParse({ kind: 'guest', email: identity.email });
  return result.success ? result.data.email : undefined;
}

// ---------------------------------------------------------------------------------------------
// Prefill from the customer account

/** What a logged-in customer's account offers the checkout: the primary address and payout accounts. */
export interface AccountPrefill {
  readonly email: string;
  readonly address: Partial<AddressForm> | null;
  readonly sepa: { readonly accountHolder: string; readonly iban: string; readonly bic: string } | null;
  readonly paypal: { readonly email: string } | null;
}

const blank = (values: readonly string[]) => values.every((value) => value.trim() === '');

/**
 * The form with the customer identity and the account's data in every part the seller has not
 * typed in yet (a part is the address, the SEPA fields or the PayPal e-mail): nothing typed is
 * overwritten, everything filled in stays editable. The payout method follows the account (SEPA
 * first) only when no payout field was typed.
 */
export function withAccount(
  form: Pick<CheckoutForm, 'identity' | 'address' | 'payout'>,
  prefill: AccountPrefill,
): Pick<CheckoutForm, 'identity' | 'address' | 'payout'> {
  const address: AddressForm =
    prefill.address && blank(Object.values(form.address))
      ? (Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, prefill.address?.[field] ?? ''])) as AddressForm)
      : form.address;
  const sepaBlank = blank([form.payout.accountHolder, form.payout.iban, form.payout.bic]);
  const paypalBlank = blank([form.payout.email]);
  const method: PayoutMethod =
    sepaBlank && paypalBlank ? (prefill.sepa ? 'sepa' : prefill.paypal ? 'paypal' : form.payout.method) : form.payout.method;
  return {
    identity: { kind: 'customer', email: prefill.email },
    address,
    payout: {
      ...form.payout,
      ...(prefill.sepa && sepaBlank ? { accountHolder: prefill.sepa.accountHolder, iban: prefill.sepa.iban, bic: prefill.sepa.bic } : {}),
      ...(prefill.paypal && paypalBlank ? { email: prefill.paypal.email } : {}),
      method,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Failed submissions

export interface SubmitFailure {
  readonly submitError: SubmitError;
  /** Field errors from a 400 answer ({} otherwise). */
  readonly errors: FieldErrors;
  /** Only a request that may not have reached the server is retried with its key; a stored answer would just replay. */
  readonly keepKey: boolean;
  /** A voucher the server refused at submission. */
  readonly voucherError: VoucherFailureReason | null;
}

const nonEmpty = (ids: readonly string[] | undefined): ids is readonly string[] => ids !== undefined && ids.length > 0;

/** How a rejection of the submitTrade actor reads for the checkout (product §11, server/trades). */
export function submitFailure(error: unknown): SubmitFailure {
  const failure = (submitError: SubmitError, rest: Partial<Omit<SubmitFailure, 'submitError'>> = {}): SubmitFailure => ({
    submitError,
    errors: rest.errors ?? {},
    keepKey: rest.keepKey ?? false,
    voucherError: rest.voucherError ?? null,
  });
  const read = readApiFailure(error);
  const parsed = 'body' in read ? TradeErrorSchema.safeParse(read.body) : null;
  const answer = parsed?.success ? parsed.data : undefined;

  switch (read.kind) {
    // No answer, a server failure (it released the key or never saw it), too many requests (425 is
    // 'refused' below): the server did not take the request on, so it is retried with its key.
    case 'network':
    case 'server':
    case 'rateLimited':
      return failure({ kind: 'network' }, { keepKey: true });
    case 'conflict':
      if (nonEmpty(answer?.expiredOfferIds)) return failure({ kind: 'expired', offerIds: answer.expiredOfferIds });
      if (nonEmpty(answer?.usedOfferIds)) return failure({ kind: 'used', offerIds: answer.usedOfferIds });
      // The same key is still being processed: retrying it later replays its answer.
      return failure({ kind: 'network' }, { keepKey: true });
    case 'validation': {
      const offerIds = nonEmpty(answer?.unknownOfferIds)
        ? answer.unknownOfferIds
        : nonEmpty(answer?.foreignOfferIds)
          ? answer.foreignOfferIds
          : undefined;
      return failure({ kind: 'invalid', ...(offerIds ? { offerIds } : {}) }, { errors: fieldErrors(read.issues) });
    }
    case 'refused':
      if (read.status === 425) return failure({ kind: 'network' }, { keepKey: true });
      if (read.status === 422 && answer?.reason !== undefined)
        return failure({ kind: 'voucher', reason: answer.reason }, { voucherError: answer.reason });
      if (read.status === 422 && answer?.cap !== undefined)
        return failure({ kind: 'b2bCap', cap: answer.cap, ...(answer.overBy !== undefined ? { overBy: answer.overBy } : {}) });
      return failure({ kind: 'unknown' });
    default:
      return failure({ kind: 'unknown' });
  }
}

// ---------------------------------------------------------------------------------------------
// Idempotency keys

/** A random UUID v4; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function randomKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
