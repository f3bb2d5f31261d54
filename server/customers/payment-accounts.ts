// The customer's payout accounts (product §3/§4/§7): bank and PayPal accounts, read and changed with
// GET/PATCH /api/customers/bank_accounts and paypal_accounts, and created together with the payment
// account that links one of them to the customer (POST /api/customers/customer_payment_accounts).
// The original specification (product §4.7): "with no payment id a new account is created; otherwise the existing one is updated":
// the client creates with the POST and updates with the PATCH calls. IBANs are never logged
// (the route handler strips query parameters from database errors).

import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  idOfIri,
  type BankAccount,
  type BankAccountPatchSchema,
  type PaymentAccount,
  type PaymentAccountCreateSchema,
  type PaypalAccount,
  type PaypalAccountPatchSchema,
} from '../../src/contracts/account';
import type { Database } from '../db/client';
import { bankAccounts, customerPaymentAccounts, paypalAccounts } from '../db/schema/customers';
import { readCaller, requireOwnIri, withCaller } from './caller';
import { badRequest, conflict } from '../http/errors';
import { notFound } from './errors';
import { bankAccountResource, paymentAccountResource, paypalAccountResource } from './resources';

/** Payment accounts one customer may hold; a bound on what one login can store. */
export const MAX_PAYMENT_ACCOUNTS = 20;

export async function listBankAccounts(db: Database, customerId: string): Promise<BankAccount[]> {
  const caller = await readCaller(db, customerId);
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.customerId, caller.id))
    .orderBy(asc(bankAccounts.updatedAt), asc(bankAccounts.id));
  return rows.map(bankAccountResource);
}

export async function listPaypalAccounts(db: Database, customerId: string): Promise<PaypalAccount[]> {
  const caller = await readCaller(db, customerId);
  const rows = await db
    .select()
    .from(paypalAccounts)
    .where(eq(paypalAccounts.customerId, caller.id))
    .orderBy(asc(paypalAccounts.updatedAt), asc(paypalAccounts.id));
  return rows.map(paypalAccountResource);
}

export async function patchBankAccount(
  db: Database,
  customerId: string,
  body: z.output<typeof BankAccountPatchSchema>,
  now: Date,
): Promise<BankAccount> {
  const { '@id': iri, accountHolder, iban, bic } = body.payment;
  return withCaller(db, customerId, async (tx, caller) => {
    const [row] = await tx
      .update(bankAccounts)
      .set({ accountHolder, iban, bic, updatedAt: now })
      .where(and(eq(bankAccounts.customerId, caller.id), eq(bankAccounts.id, idOfIri(iri))))
      .returning();
    if (!row) throw notFound('bank account');
    return bankAccountResource(row);
  });
}

export async function patchPaypalAccount(
  db: Database,
  customerId: string,
  body: z.output<typeof PaypalAccountPatchSchema>,
  now: Date,
): Promise<PaypalAccount> {
  const { '@id': iri, email } = body.paypalAccount;
  return withCaller(db, customerId, async (tx, caller) => {
    const [row] = await tx
      .update(paypalAccounts)
      .set({ email, updatedAt: now })
      .where(and(eq(paypalAccounts.customerId, caller.id), eq(paypalAccounts.id, idOfIri(iri))))
      .returning();
    if (!row) throw notFound('PayPal account');
    return paypalAccountResource(row);
  });
}

/**
 * Creates the bank or PayPal account and the payment account linking it, in one transaction. A new
 * primary account takes the primary flag from the customer's other payment accounts.
 */
export async function createPaymentAccount(
  db: Database,
  customerId: string,
  body: z.output<typeof PaymentAccountCreateSchema>,
  now: Date,
): Promise<PaymentAccount> {
  return withCaller(db, customerId, async (tx, caller) => {
    requireOwnIri(body.customer, 'customers', caller);
    const mine = eq(customerPaymentAccounts.customerId, caller.id);
    if ((await tx.$count(customerPaymentAccounts, mine)) >= MAX_PAYMENT_ACCOUNTS) {
      throw conflict(`An account holds at most ${MAX_PAYMENT_ACCOUNTS} payment accounts; change one of them instead.`);
    }
    const { bankAccount, paypalAccount } = body;
    let account: Parameters<typeof paymentAccountResource>[1];
    if (bankAccount) {
      const [bank] = await tx
        .insert(bankAccounts)
        .values({ id: randomUUID(), customerId: caller.id, ...bankAccount, updatedAt: now })
        .returning();
      account = { bank: bank! };
    } else if (paypalAccount) {
      const [paypal] = await tx
        .insert(paypalAccounts)
        .values({ id: randomUUID(), customerId: caller.id, email: paypalAccount.email, updatedAt: now })
        .returning();
      account = { paypal: paypal! };
    } else {
      throw badRequest('Send exactly one of bankAccount or paypalAccount.');
    }
    if (body.isPrimary)
      await tx
        .update(customerPaymentAccounts)
        .set({ isPrimary: false })
        .where(and(mine, eq(customerPaymentAccounts.isPrimary, true)));
    const [row] = await tx
      .insert(customerPaymentAccounts)
      .values({
        id: randomUUID(),
        customerId: caller.id,
        bankAccountId: 'bank' in account ? account.bank.id : null,
        paypalAccountId: 'paypal' in account ? account.paypal.id : null,
        paymentType: body.paymentType,
        isPrimary: body.isPrimary,
        createdAt: now,
      })
      .returning();
    return paymentAccountResource(row!, account);
  });
}
