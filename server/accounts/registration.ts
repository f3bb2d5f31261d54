// Registration and activation (product §4 "Registration activation", §7): a registration makes a pending
// customer with its optional first address and payout account and an activation link; the link's
// token is traded for a short-lived identifier, and the identifier activates the customer and gives
// the customer number. A registration for an e-mail that is still pending replaces the pending data
// (the latest registration is the one the mailbox owner activates, so nobody can pre-register
// someone else's address with a password of their own and wait). For an active e-mail nothing changes.

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import type { Registration } from '../../src/contracts/account';
import type { Address, Payout } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import {
  bankAccounts,
  customerAddresses,
  customerNumberCounter,
  customerPaymentAccounts,
  customers,
  paypalAccounts,
} from '../db/schema/customers';
import { findCustomerByEmail, passwordCostOf, type Customer } from './authentication';
import { uniqueViolation } from '../db/errors';
import { consumeToken, invalidateTokens, issueToken } from './one-time-tokens';
import { hashPassword } from './password-hash';
import { clockOf, type AccountServices } from './services';

/** What an account made after a guest sale takes from the trade (issue 32 part 2). */
export interface GuestTradeDetails {
  readonly email: string;
  readonly locale: Locale;
  readonly address: Address;
  readonly payout: Payout;
}

/**
 * The guest trade `tradeNumber` whose link token is `token`: its details, 'invalid' when the token or
 * the trade is not (or no longer) valid, 'claimed' when the trade belongs to an account already.
 * The trades domain provides it (it sits above this one).
 */
export type GuestTradeLookup = (tradeNumber: string, token: string) => Promise<GuestTradeDetails | 'invalid' | 'claimed'>;

/** The registration of a guest's trade: its e-mail, the name and address it was sent from, its payout account. */
export function registrationOfTrade(trade: GuestTradeDetails, password: string): Registration {
  const name = (value: string) => value.trim().slice(0, 50);
  return {
    enabled: true,
    firstName: name(trade.address.firstName),
    lastName: name(trade.address.lastName),
    username: trade.email,
    email: trade.email,
    credentials: [{ type: 'password', value: password, temporary: false }],
    requiredActions: [],
    groups: [],
    attributes: { locale: [trade.locale], privacyAccepted: ['true'] },
    Address: trade.address,
    Payment: trade.payout,
  };
}

export type RegistrationOutcome =
  /** A new pending customer, or a pending one whose data was replaced: send the activation mail. */
  | { readonly kind: 'pending'; readonly customer: Customer; readonly token: string; readonly replaced: boolean }
  /** The e-mail belongs to an active customer: send the already-registered mail. */
  | { readonly kind: 'exists'; readonly customer: Customer }
  /** A parallel registration of the same e-mail won; it sends its own mail. */
  | { readonly kind: 'raced' };

/** The one password of the payload's credentials (the contract allows exactly one). */
export const registrationPassword = (registration: Registration): string => registration.credentials[0]!.value;

/** Thrown inside the transaction when the pending customer was activated meanwhile. */
class NoLongerPending extends Error {}

export async function register(db: Database, accounts: AccountServices, registration: Registration): Promise<RegistrationOutcome> {
  // Hashed before the look-up, for new and known e-mails alike: the answer takes as long either way.
  const passwordHash = await hashPassword(registrationPassword(registration), passwordCostOf(accounts));
  const existing = await findCustomerByEmail(db, registration.email);
  if (existing?.status === 'active') return { kind: 'exists', customer: existing };

  const at = new Date(clockOf(accounts));
  const fields = {
    passwordHash,
    locale: registration.attributes.locale[0],
    firstName: registration.firstName,
    lastName: registration.lastName,
    privacyAcceptedAt: at,
  };
  try {
    return await db.transaction(async (tx) => {
      let customer: Customer | undefined;
      if (existing) {
        [customer] = await tx
          .update(customers)
          .set(fields)
          .where(and(eq(customers.id, existing.id), eq(customers.status, 'pending')))
          .returning();
        if (!customer) throw new NoLongerPending();
        await invalidateTokens(tx, customer.id, 'activation', at);
        await removeCustomerResources(tx, customer.id);
      } else {
        [customer] = await tx
          .insert(customers)
          .values({ id: randomUUID(), email: registration.email, status: 'pending', createdAt: at, ...fields })
          .returning();
      }
      await addCustomerResources(tx, customer!.id, registration, at);
      const token = await issueToken(tx, customer!.id, 'activation', at);
      return { kind: 'pending' as const, customer: customer!, token, replaced: existing !== undefined };
    });
  } catch (error) {
    if (error instanceof NoLongerPending) {
      const now = await findCustomerByEmail(db, registration.email);
      return now ? { kind: 'exists', customer: now } : { kind: 'raced' };
    }
    if (uniqueViolation(error) === 'customers_email_unique') return { kind: 'raced' };
    throw error;
  }
}

/** The registration's optional address (primary) and payout account (INVOICE, not primary; product §3). */
async function addCustomerResources(tx: Database, customerId: string, registration: Registration, at: Date): Promise<void> {
  if (registration.Address) {
    await tx
      .insert(customerAddresses)
      .values({ id: randomUUID(), customerId, address: registration.Address, isPrimary: true, updatedAt: at });
  }
  const payment = registration.Payment;
  if (!payment) return;
  const account = { id: randomUUID(), customerId, paymentType: 'INVOICE' as const, isPrimary: false, createdAt: at };
  if (payment.method === 'sepa') {
    const id = randomUUID();
    await tx
      .insert(bankAccounts)
      .values({ id, customerId, accountHolder: payment.accountHolder, iban: payment.iban, bic: payment.bic, updatedAt: at });
    await tx.insert(customerPaymentAccounts).values({ ...account, bankAccountId: id });
  } else {
    const id = randomUUID();
    await tx.insert(paypalAccounts).values({ id, customerId, email: payment.email, updatedAt: at });
    await tx.insert(customerPaymentAccounts).values({ ...account, paypalAccountId: id });
  }
}

/** A replaced pending registration keeps nothing of the earlier one. */
async function removeCustomerResources(tx: Database, customerId: string): Promise<void> {
  await tx.delete(customerPaymentAccounts).where(eq(customerPaymentAccounts.customerId, customerId));
  await tx.delete(bankAccounts).where(eq(bankAccounts.customerId, customerId));
  await tx.delete(paypalAccounts).where(eq(paypalAccounts.customerId, customerId));
  await tx.delete(customerAddresses).where(eq(customerAddresses.customerId, customerId));
}

/**
 * POST /api/account/activateRegistration: uses up the activation token of a pending customer and
 * returns the identifier (single use, 15 min); undefined when the token is not (or no longer) valid.
 */
export async function activateRegistration(
  db: Database,
  accounts: AccountServices,
  token: unknown,
): Promise<{ customerId: string; identifier: string } | undefined> {
  const at = new Date(clockOf(accounts));
  return db.transaction(async (tx) => {
    const customerId = await consumeToken(tx, token, 'activation', at);
    if (!customerId) return undefined;
    const [pending] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.status, 'pending')));
    if (!pending) return undefined;
    return { customerId, identifier: await issueToken(tx, customerId, 'activation_identifier', at) };
  });
}

/**
 * GET /api/activateCustomerByIdentifier: uses up the identifier, activates the customer and gives it
 * the next customer number, in one transaction. Undefined when the identifier is not valid.
 */
export async function activateByIdentifier(
  db: Database,
  accounts: AccountServices,
  identifier: unknown,
): Promise<{ customerId: string; customerNumber: string } | undefined> {
  const at = new Date(clockOf(accounts));
  return db.transaction(async (tx) => {
    const customerId = await consumeToken(tx, identifier, 'activation_identifier', at);
    if (!customerId) return undefined;
    const [customer] = await tx
      .select({ status: customers.status, customerNumber: customers.customerNumber })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) return undefined;
    if (customer.status === 'active' && customer.customerNumber) return { customerId, customerNumber: customer.customerNumber };
    const customerNumber = await nextCustomerNumber(tx);
    await tx.update(customers).set({ status: 'active', activatedAt: at, customerNumber }).where(eq(customers.id, customerId));
    await invalidateTokens(tx, customerId, 'activation', at);
    return { customerId, customerNumber };
  });
}

/** K-<7 digits>, sequential; the counter's row lock holds until the activation commits. */
async function nextCustomerNumber(tx: Database): Promise<string> {
  const [row] = await tx
    .insert(customerNumberCounter)
    .values({ id: 1, lastNumber: 1 })
    .onConflictDoUpdate({ target: customerNumberCounter.id, set: { lastNumber: sql`${customerNumberCounter.lastNumber} + 1` } })
    .returning({ lastNumber: customerNumberCounter.lastNumber });
  return `K-${String(row!.lastNumber).padStart(7, '0')}`;
}
