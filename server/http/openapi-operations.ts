// What the OpenAPI document (server/http/openapi.ts) says of each operation beyond its route schema:
// a summary, who may call it, the headers and query values it reads in the handler, and its success
// answer where the route declares no zod response schema of its own. One row per operation; the
// generator refuses to describe an API route without one (a unit test builds the whole document), and
// the contract walk (server/http/openapi-contract.test.ts) holds every answer to what is written here.

import { z } from 'zod';
import {
  AcceptedAnswerSchema,
  ActivationAnswerSchema,
  BankAccountSchema,
  CustomerAddressSchema,
  CustomerSchema,
  GuestAccountNumberAnswerSchema,
  IdentifierActivationAnswerSchema,
  PaymentAccountSchema,
  PaypalAccountSchema,
  PersonSchema,
  PhoneContactSchema,
  SuccessAnswerSchema,
  TokenAnswerSchema,
  TradeHistorySchema,
} from '../../src/contracts/account';
import { BulkOfferAnswerSchema } from '../../src/contracts/bulk-offers';
import { ClarificationViewSchema } from '../../src/contracts/clarifications';
import { ContactAcceptedSchema, ContactTicketSchema } from '../../src/contracts/contact';
import { contentDocumentSchema } from '../../src/contracts/content';
import { ProfileAnswerSchema, SubscriptionAnswerSchema, UnsubscribedSchema } from '../../src/contracts/newsletter';
import { OfferLinkSchema, OfferSchema, SavedOffersSchema, SharedOfferSchema } from '../../src/contracts/offers';
import { ReviewLinkAnswerSchema, ReviewSummarySchema } from '../../src/contracts/reviews';
import { PopularDevicesSchema, SearchResponseSchema } from '../../src/contracts/search';
import {
  CreateStaffAnswerSchema,
  PasswordLinkAnswerSchema,
  StaffLoginAnswerSchema,
  StaffMeSchema,
  StaffUserSchema,
  StaffUsersAnswerSchema,
} from '../../src/contracts/staff';
import { ClientIdAnswerSchema } from '../../src/contracts/tracking';
import { TradeStatusAnswerSchema } from '../../src/contracts/trade-view';
import { TradeSchema, VoucherCheckResultSchema } from '../../src/contracts/trades';

/**
 * Who may call: `public` anyone; `bearer` a customer's access token (required); `bearerOptional` anyone,
 * a customer's token adds their data; `staff` an active back-office session (cookie, and the CSRF
 * header on changing requests); `staffSignIn` the session cookie of the password step.
 */
export type Access = 'public' | 'bearer' | 'bearerOptional' | 'staff' | 'staffSignIn';

export interface Input {
  readonly name: string;
  readonly in: 'header' | 'query';
  readonly required: boolean;
  readonly description: string;
  readonly schema: Record<string, unknown>;
  readonly example?: string;
}

/** The success answer: a JSON body, a file of these media types, or no body. */
export type Answer =
  | { readonly status: number; readonly json: z.core.$ZodType }
  | { readonly status: number; readonly file: readonly string[] }
  | { readonly status: number; readonly empty: true };

/** A header of the success answer that carries something for the caller (a link to follow). */
export interface AnswerHeader {
  readonly name: string;
  readonly description: string;
}

export interface OperationDoc {
  readonly summary: string;
  readonly access: Access;
  readonly inputs?: readonly Input[];
  /** Headers of the success answer the caller reads (each sent only when it applies). */
  readonly answerHeaders?: readonly AnswerHeader[];
  /** The success answer where the route declares no zod response schema. */
  readonly answer?: Answer;
}

const json = (status: number, schema: z.core.$ZodType): Answer => ({ status, json: schema });
const file = (...types: string[]): Answer => ({ status: 200, file: types });
const empty = (status: 200 | 204): Answer => ({ status, empty: true });

const TOKEN_TEXT = { type: 'string', minLength: 1, maxLength: 200 };

const header = (name: string, description: string, required = true, example?: string): Input => ({
  name,
  in: 'header',
  required,
  description,
  schema: TOKEN_TEXT,
  ...(example && { example }),
});
const linkToken = (what: string): Input => ({
  name: 'token',
  in: 'query',
  required: true,
  description: `The signed token of ${what} (from the link the shop gave out).`,
  schema: { type: 'string', minLength: 1, maxLength: 200 },
  example: '1767225600.3f1c9a2b7e',
});
const IDEMPOTENCY_KEY: Input = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description: 'A new random key (e.g. a UUID) per submission; the same key when retrying it, which replays the first answer.',
  schema: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7E]+$' },
  example: '6f1c1c2e-4a63-4f4e-9d0c-2c9f1a7e5b10',
};

const ReviewCreatedSchema = z.object({ id: z.uuid(), status: z.literal('pending') });
/** Elasticsearch's answer shape: the fields the shop reads are named, the rest (e.g. `_shards`) passes through. */
const AnySourceSearchSchema = z.looseObject(SearchResponseSchema(z.record(z.string(), z.unknown())).shape);

export const OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  // Catalogue and offers
  'POST /searches': {
    summary: 'Search the catalogue (Elasticsearch query subset)',
    access: 'public',
    answer: json(200, AnySourceSearchSchema),
  },
  'GET /api/catalogue/popular': { summary: "The shop's popular devices", access: 'public', answer: json(200, PopularDevicesSchema) },
  'POST /api/offers': { summary: 'Price a device from the answers to its questions', access: 'public', answer: json(201, OfferSchema) },
  'GET /api/offers/{id}': { summary: 'Read an offer', access: 'public', answer: json(200, OfferSchema) },
  'POST /api/offers/bulk': {
    summary: 'Price a list of devices (business trade-in)',
    access: 'public',
    answer: json(200, BulkOfferAnswerSchema),
  },
  'POST /api/offers/{id}/link': {
    summary: 'Share an offer as a signed link',
    access: 'bearerOptional',
    answer: json(200, OfferLinkSchema),
  },
  'POST /api/offers/{id}/mail': {
    summary: 'Mail an offer to an address',
    access: 'bearerOptional',
    answer: json(202, AcceptedAnswerSchema),
  },
  'GET /api/shared-offers': {
    summary: 'Open a shared offer link',
    access: 'public',
    inputs: [linkToken('the shared offer')],
    answer: json(200, SharedOfferSchema),
  },
  'GET /api/customers/saved-offers': {
    summary: "The customer's mailed and shared offers",
    access: 'bearer',
    answer: json(200, SavedOffersSchema),
  },
  'PUT /api/cart-holds': {
    summary: "Report the offers of a checkout's cart for price-drop warnings",
    access: 'public',
    answer: json(202, AcceptedAnswerSchema),
  },

  // Trades
  'POST /api/trades': {
    summary: 'Submit the checkout: create a trade',
    access: 'bearerOptional',
    inputs: [IDEMPOTENCY_KEY],
    answer: json(201, TradeSchema),
    answerHeaders: [
      { name: 'Label-Url', description: "The shipping label's download link (with its token), for the thank-you page." },
      { name: 'Trade-Url', description: "A guest's trade page with its link token (a customer's trades are in the account)." },
      { name: 'Credit-Note-Url', description: "A business trade's credit note PDF with its link token (decision 036)." },
    ],
  },
  'GET /api/trades/{tradeId}/label.pdf': {
    summary: 'The shipping label of a trade (PDF)',
    access: 'public',
    inputs: [linkToken('the label link')],
    answer: file('application/pdf'),
  },
  'GET /api/trades/{tradeId}/return-label.pdf': {
    summary: 'The return label of a trade (PDF)',
    access: 'public',
    inputs: [linkToken('the return label link')],
    answer: file('application/pdf'),
  },
  'GET /api/trades/{tradeId}/credit-note.pdf': {
    summary: 'The credit note of a business trade (PDF)',
    access: 'public',
    inputs: [linkToken('the credit note link')],
    answer: file('application/pdf'),
  },
  'GET /api/trades/{tradeNumber}/status': {
    summary: 'The guest trade page: a trade by its signed link',
    access: 'public',
    answer: json(200, TradeStatusAnswerSchema),
  },
  'PUT /api/trades/{tradeNumber}/payout': { summary: 'Correct the payout account after a bank return (signed link)', access: 'public' },
  'GET /api/certificates/{file}': {
    summary: 'A data-erasure certificate (PDF)',
    access: 'public',
    inputs: [linkToken('the certificate link')],
    answer: file('application/pdf'),
  },
  'POST /api/vouchers/check': { summary: 'Check a voucher code', access: 'public', answer: json(200, VoucherCheckResultSchema) },

  // Clarifications and reviews
  'GET /api/clarifications/{id}': {
    summary: 'A clarification of an inspected trade',
    access: 'bearerOptional',
    answer: json(200, ClarificationViewSchema),
  },
  'GET /api/clarifications/{id}/photos/{photoId}': {
    summary: 'An evidence photo of a clarification',
    access: 'bearerOptional',
    answer: file('image/jpeg', 'image/png', 'image/webp'),
  },
  'POST /api/clarifications/{id}/answers': {
    summary: "Answer a clarification (the seller's decisions)",
    access: 'bearerOptional',
    inputs: [IDEMPOTENCY_KEY],
    answer: json(200, ClarificationViewSchema),
  },
  'POST /api/clarifications/{id}/undo': {
    summary: 'Undo the answer of a clarification',
    access: 'bearerOptional',
    answer: json(200, ClarificationViewSchema),
  },
  'GET /api/reviews/summary': {
    summary: 'The approved reviews: rating and latest',
    access: 'public',
    answer: json(200, ReviewSummarySchema),
  },
  'GET /api/reviews/link': {
    summary: 'Whether a review link may still be used',
    access: 'public',
    answer: json(200, ReviewLinkAnswerSchema),
  },
  'POST /api/reviews': { summary: 'Write a review of a paid trade', access: 'public', answer: json(201, ReviewCreatedSchema) },

  // Contact
  'GET /api/contact/ticket': {
    summary: 'A ticket that dates the opened contact form',
    access: 'public',
    answer: json(200, ContactTicketSchema),
  },
  'POST /api/contact': { summary: 'Send a message of the contact form', access: 'public', answer: json(202, ContactAcceptedSchema) },

  // Accounts
  'POST /api/account/login': { summary: 'Sign in with e-mail and password', access: 'public', answer: json(200, TokenAnswerSchema) },
  'POST /api/account/loginRefresh': {
    summary: 'Renew the access token with the refresh token',
    access: 'public',
    inputs: [header('x-refresh-token', 'The refresh token of the session.')],
    answer: json(200, TokenAnswerSchema),
  },
  'POST /api/account/logout': {
    summary: 'End the session',
    access: 'public',
    inputs: [
      header('x-refresh-token', 'The refresh token of the session to end.', false),
      header('x-access-token', 'The access token of the session.', false),
    ],
    answer: json(200, SuccessAnswerSchema),
  },
  'POST /api/account/changePassword': { summary: 'Change the password', access: 'bearer', answer: json(200, SuccessAnswerSchema) },
  'POST /api/account/register': {
    summary: 'Register an account (the activation mail follows)',
    access: 'public',
    answer: json(202, AcceptedAnswerSchema),
  },
  'POST /api/account/registerFromTrade': {
    summary: "Register an account made of a guest sale's details (the activation mail follows)",
    access: 'public',
    inputs: [header('x-trade-token', "The link token of the guest's trade page (the token of the answer's Trade-Url).")],
    answer: json(202, AcceptedAnswerSchema),
  },
  'POST /api/account/activateRegistration': {
    summary: 'Activate a registration with the mailed token',
    access: 'public',
    inputs: [header('x-activation-token', 'The token of the activation mail (43 characters, base64url).')],
    answer: json(200, ActivationAnswerSchema),
  },
  'GET /api/activateCustomerByIdentifier': {
    summary: 'Finish an activation with its identifier',
    access: 'public',
    inputs: [header('x-customer-identifier', 'The identifier the activation answered.')],
    answer: json(200, IdentifierActivationAnswerSchema),
  },
  'POST /api/account/forgotPasswordMail': {
    summary: 'Mail a password reset link',
    access: 'public',
    answer: json(202, AcceptedAnswerSchema),
  },
  'POST /api/account/signInLinkMail': { summary: 'Mail a sign-in link', access: 'public', answer: json(202, AcceptedAnswerSchema) },
  'POST /api/account/signInWithLink': {
    summary: 'Sign in with a mailed sign-in link',
    access: 'public',
    inputs: [header('x-sign-in-token', 'The token of the mailed sign-in link.')],
    answer: json(200, TokenAnswerSchema),
  },
  'POST /api/account/resetPassword': {
    summary: 'Set a new password with a mailed reset token',
    access: 'public',
    inputs: [header('x-reset-token', 'The token of the password reset mail.')],
    answer: json(200, SuccessAnswerSchema),
  },
  'DELETE /api/account/deleteUser': {
    summary: 'Delete the account (after its data)',
    access: 'bearer',
    answer: json(200, SuccessAnswerSchema),
  },

  // Customer data
  'GET /api/customers/customers': { summary: "The customer's record", access: 'bearer', answer: json(200, CustomerSchema) },
  'DELETE /api/customers/customers': { summary: "Delete the customer's data", access: 'bearer', answer: json(200, SuccessAnswerSchema) },
  'GET /api/customers/addresses': {
    summary: "The customer's addresses",
    access: 'bearer',
    answer: json(200, z.array(CustomerAddressSchema)),
  },
  'PATCH /api/customers/addresses': {
    summary: "Change the customer's address",
    access: 'bearer',
    answer: json(200, CustomerAddressSchema),
  },
  'GET /api/customers/bank_accounts': {
    summary: "The customer's bank accounts",
    access: 'bearer',
    answer: json(200, z.array(BankAccountSchema)),
  },
  'PATCH /api/customers/bank_accounts': {
    summary: "Change the customer's bank account",
    access: 'bearer',
    answer: json(200, BankAccountSchema),
  },
  'GET /api/customers/paypal_accounts': {
    summary: "The customer's PayPal accounts",
    access: 'bearer',
    answer: json(200, z.array(PaypalAccountSchema)),
  },
  'PATCH /api/customers/paypal_accounts': {
    summary: "Change the customer's PayPal account",
    access: 'bearer',
    answer: json(200, PaypalAccountSchema),
  },
  'POST /api/customers/customer_payment_accounts': {
    summary: 'Add a payment account',
    access: 'bearer',
    answer: json(201, PaymentAccountSchema),
  },
  'POST /api/customers/guest_account_number': {
    summary: "Claim the guest trades of the customer's address",
    access: 'bearer',
    answer: json(200, GuestAccountNumberAnswerSchema),
  },
  'POST /api/customers/phone_contacts': { summary: 'Add a phone number', access: 'bearer', answer: json(201, PhoneContactSchema) },
  'PATCH /api/customers/phone_contacts': { summary: 'Change the phone number', access: 'bearer', answer: json(200, PhoneContactSchema) },
  'PATCH /api/customers/people': { summary: "Change the customer's personal data", access: 'bearer', answer: json(200, PersonSchema) },
  'GET /api/customers/trade_history': { summary: "The customer's trades", access: 'bearer', answer: json(200, TradeHistorySchema) },
  'PUT /api/customers/trades/{tradeNumber}/payout': { summary: "Correct a trade's payout account after a bank return", access: 'bearer' },

  // Newsletter
  'POST /api/newsletter/subscribe': {
    summary: 'Sign up for the newsletter (double opt-in)',
    access: 'public',
    answer: json(202, AcceptedAnswerSchema),
  },
  'POST /api/newsletter/confirm': { summary: 'Confirm a newsletter sign-up', access: 'public', answer: json(200, ProfileAnswerSchema) },
  'GET /api/newsletter/profile/{emailHash}': {
    summary: "A subscriber's newsletter profile",
    access: 'public',
    answer: json(200, ProfileAnswerSchema),
  },
  'PUT /api/newsletter/profile/{emailHash}': {
    summary: "Change a subscriber's newsletter profile",
    access: 'public',
    answer: json(200, ProfileAnswerSchema),
  },
  'POST /api/newsletter/unsubscribe/{emailHash}': {
    summary: 'Unsubscribe (mail link, and the RFC 8058 one-click target)',
    access: 'public',
    answer: json(200, UnsubscribedSchema),
  },
  'GET /api/newsletter/subscription': {
    summary: "The customer's newsletter subscription",
    access: 'bearer',
    answer: json(200, SubscriptionAnswerSchema),
  },
  'PUT /api/newsletter/subscription': {
    summary: "Subscribe or unsubscribe the customer's address",
    access: 'bearer',
    answer: json(200, SubscriptionAnswerSchema),
  },

  // Tracking and content
  'GET /api/client-id': { summary: 'A new client id for consented controlling', access: 'public', answer: json(200, ClientIdAnswerSchema) },
  'POST /api/controlling/consent': { summary: 'Log a consent decision', access: 'public', answer: empty(204) },
  'POST /api/controlling/controlling': { summary: 'Record a consented controlling event', access: 'public', answer: empty(204) },
  'GET /api/content/{locale}/{page}': {
    summary: 'A content page (HTML body and meta data)',
    access: 'public',
    answer: json(200, contentDocumentSchema),
  },

  // Staff back office (on the staff host only)
  'POST /api/staff/session': { summary: 'Staff sign-in: the password step', access: 'public', answer: json(200, StaffLoginAnswerSchema) },
  'DELETE /api/staff/session': { summary: 'Staff sign-out', access: 'public', answer: empty(204) },
  'POST /api/staff/session/second-factor': {
    summary: 'Staff sign-in: the TOTP code step',
    access: 'staffSignIn',
    answer: json(200, StaffMeSchema),
  },
  'GET /api/staff/me': { summary: 'The signed-in staff user and the CSRF token', access: 'staff', answer: json(200, StaffMeSchema) },
  'POST /api/staff/password': { summary: 'Set a staff password with the one-time link', access: 'public', answer: empty(204) },
  'GET /api/staff/users': { summary: 'The staff users (admin)', access: 'staff', answer: json(200, StaffUsersAnswerSchema) },
  'POST /api/staff/users': { summary: 'Create a staff user (admin)', access: 'staff', answer: json(201, CreateStaffAnswerSchema) },
  'PATCH /api/staff/users/{id}': {
    summary: 'Change roles, name or access of a staff user (admin)',
    access: 'staff',
    answer: json(200, StaffUserSchema),
  },
  // The user with the link, as when created (the walk found the user beside the link).
  'POST /api/staff/users/{id}/password-link': {
    summary: 'A new set-password link for a staff user (admin)',
    access: 'staff',
    answer: json(200, z.object({ ...PasswordLinkAnswerSchema.shape, user: StaffUserSchema })),
  },
  'GET /api/staff/trades': { summary: 'Search trades', access: 'staff' },
  'GET /api/staff/trades/{tradeNumber}': { summary: 'A trade in the back office', access: 'staff' },
  'POST /api/staff/receive': { summary: 'Receive a parcel by its scanned code', access: 'staff' },
  'POST /api/staff/trades/{tradeNumber}/hold': { summary: 'Put a trade on hold', access: 'staff' },
  'DELETE /api/staff/trades/{tradeNumber}/hold': { summary: 'Release the hold of a trade', access: 'staff' },
  'POST /api/staff/trades/{tradeNumber}/quote': { summary: 'Price the inspected condition of an item', access: 'staff' },
  'GET /api/staff/trades/{tradeNumber}/photos/{photoId}': {
    summary: 'An evidence photo of a trade',
    access: 'staff',
    answer: file('image/jpeg', 'image/png', 'image/webp'),
  },
  'DELETE /api/staff/trades/{tradeNumber}/photos/{photoId}': { summary: 'Delete an evidence photo', access: 'staff', answer: empty(204) },
  'POST /api/staff/trades/{tradeNumber}/inspection': { summary: 'Record the inspection of a trade', access: 'staff' },
  'POST /api/staff/trades/{tradeNumber}/items/{offerId}/erasure': { summary: 'Record the data erasure of an item', access: 'staff' },
  'POST /api/staff/trades/{tradeNumber}/items/{offerId}/photos': { summary: 'Upload an evidence photo of an item', access: 'staff' },
  'GET /api/staff/audit': { summary: 'The audit log', access: 'staff' },
  'GET /api/staff/payouts/due': { summary: 'The payouts due', access: 'staff' },
  'GET /api/staff/payouts/batches': { summary: 'The payout batches', access: 'staff' },
  'POST /api/staff/payouts/batches': { summary: 'Put the due payouts of a method into a new batch', access: 'staff' },
  'GET /api/staff/payouts/batches/{id}': { summary: 'A payout batch', access: 'staff' },
  'GET /api/staff/payouts/batches/{id}/file': {
    summary: "A payout batch's bank file (SEPA XML or PayPal CSV)",
    access: 'staff',
    answer: file('application/xml', 'text/csv'),
  },
  'POST /api/staff/payouts/batches/{id}/execution': { summary: 'Record the execution of a payout batch', access: 'staff' },
  'POST /api/staff/payouts/batches/{id}/cancellation': { summary: 'Cancel a payout batch', access: 'staff' },
  'POST /api/staff/payouts/batches/{id}/returns': { summary: 'Record a bank return of one transfer', access: 'staff' },
  'GET /api/staff/returns': { summary: 'The trades to send back', access: 'staff' },
  'POST /api/staff/trades/{tradeNumber}/return': { summary: 'Record that a trade was sent back', access: 'staff' },
  'GET /api/staff/inbox': { summary: 'The support inbox', access: 'staff' },
  'GET /api/staff/inbox/{reference}': { summary: 'A message of the support inbox', access: 'staff' },
  'PATCH /api/staff/inbox/{reference}': { summary: 'Assign or close a message', access: 'staff' },
  'GET /api/staff/inbox/{reference}/attachments/{position}': {
    summary: 'An attachment of a message',
    access: 'staff',
    answer: file('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'application/pdf'),
  },
  'POST /api/staff/inbox/{reference}/replies': { summary: 'Reply to a message by mail', access: 'staff' },
  'GET /api/staff/support-users': { summary: 'The staff users a message may be assigned to', access: 'staff' },
  'GET /api/staff/lookup': { summary: 'Find trades, customers and mails by a term', access: 'staff' },
  'POST /api/staff/mails/{id}/resend': { summary: 'Send a mail again', access: 'staff' },
};
