// The customer and their person (product §7: GET /api/customers/customers, PATCH /api/customers/people)
// and step one of closing the account (DELETE /api/customers/customers): the customer data goes,
// the login stays until step two (DELETE /api/account/deleteUser, which requires dataDeletedAt).

import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Customer, DeleteAccountRequest, PeoplePatchSchema, Person } from '../../src/contracts/account';
import type { Database } from '../db/client';
import { bankAccounts, customerAddresses, customerPaymentAccounts, customers, paypalAccounts, phoneContacts } from '../db/schema/customers';
import { mailOutbox } from '../db/schema/mail';
import { cartHolds } from '../db/schema/offers';
import { readCaller, requireOwnIri, withCaller } from './caller';
import { notFound } from './errors';
import { customerResource, personResource } from './resources';

export async function getCustomer(db: Database, customerId: string): Promise<Customer> {
  return customerResource(await readCaller(db, customerId));
}

/** Absent birthdate: unchanged; null: removed. */
export async function patchPerson(db: Database, customerId: string, body: z.output<typeof PeoplePatchSchema>): Promise<Person> {
  return withCaller(db, customerId, async (tx, caller) => {
    requireOwnIri(body.customerIri, 'customers', caller);
    requireOwnIri(body.peopleIri, 'people', caller);
    const { salutation, firstName, lastName, birthdate } = body.address;
    const [row] = await tx
      .update(customers)
      .set({ salutation, firstName, lastName, ...(birthdate === undefined ? {} : { birthdate }) })
      .where(eq(customers.id, caller.id))
      .returning();
    return personResource(row!);
  });
}

/**
 * Step one of the two-step deletion: `customerId` and `customerIdentifier` must be the caller's id
 * and customer number (else 404, nothing changes). Deletes the addresses, bank, PayPal and payment
 * accounts, phone contacts and cart holds, clears the text of the mails sent to the account's address
 * (kept for resending, decision 076; recipient and subject stay), blanks the person and marks
 * dataDeletedAt, in one transaction.
 * Trades stay, linked to the customer, for legal retention: their address and payout are the
 * trade's own copy. Repeating it (e.g. after step two failed) answers success again.
 */
export async function deleteCustomerData(
  db: Database,
  customerId: string,
  body: DeleteAccountRequest,
  now: Date,
): Promise<{ success: true }> {
  return withCaller(
    db,
    customerId,
    async (tx, caller) => {
      if (
        body.customerId.toLowerCase() !== caller.id ||
        caller.customerNumber === null ||
        body.customerIdentifier !== caller.customerNumber
      ) {
        throw notFound('customer');
      }
      // Payment accounts first: they refer to the bank and PayPal accounts.
      await tx.delete(customerPaymentAccounts).where(eq(customerPaymentAccounts.customerId, caller.id));
      await tx.delete(bankAccounts).where(eq(bankAccounts.customerId, caller.id));
      await tx.delete(paypalAccounts).where(eq(paypalAccounts.customerId, caller.id));
      await tx.delete(customerAddresses).where(eq(customerAddresses.customerId, caller.id));
      await tx.delete(phoneContacts).where(eq(phoneContacts.customerId, caller.id));
      // The offers the account's cart held for price-drop warnings (decision 058).
      await tx.delete(cartHolds).where(eq(cartHolds.email, caller.email.toLowerCase()));
      // Mails still pending go out (a trade's step mail may be among them); sent ones keep no text.
      await tx
        .update(mailOutbox)
        .set({ message: null })
        .where(and(sql`lower(${mailOutbox.recipient}) = ${caller.email.toLowerCase()}`, eq(mailOutbox.status, 'sent')));
      await tx
        .update(customers)
        .set({ salutation: 'none', firstName: '', lastName: '', birthdate: null, dataDeletedAt: caller.dataDeletedAt ?? now })
        .where(eq(customers.id, caller.id));
      return { success: true as const };
    },
    { afterDeletion: true },
  );
}
