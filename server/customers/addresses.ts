// The customer's addresses (product §7: GET and PATCH /api/customers/addresses). A PATCH with `@id`
// replaces that address; without it the primary address, which is created when there is none.
// Addresses are validated by the rules of the shop the call comes from and stored with its country.

import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import { idOfIri, type CustomerAddress } from '../../src/contracts/account';
import type { Address } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import { customerAddresses } from '../db/schema/customers';
import { readCaller, withCaller } from './caller';
import { notFound } from './errors';
import { addressResource, type StoredAddress } from './resources';

/** Primary first, then the most recently changed. */
export async function listAddresses(db: Database, customerId: string): Promise<CustomerAddress[]> {
  const caller = await readCaller(db, customerId);
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, caller.id))
    .orderBy(desc(customerAddresses.isPrimary), desc(customerAddresses.updatedAt), asc(customerAddresses.id));
  return rows.map((row) => addressResource(row, caller));
}

export async function patchAddress(
  db: Database,
  customerId: string,
  locale: Locale,
  input: Address & { '@id'?: string },
  now: Date,
): Promise<CustomerAddress> {
  const { '@id': iri, ...fields } = input;
  const address: StoredAddress = { ...fields, country: countryConfig(locale).countryCode };
  return withCaller(db, customerId, async (tx, caller) => {
    const mine = eq(customerAddresses.customerId, caller.id);
    let target: string | undefined;
    if (iri !== undefined) {
      target = idOfIri(iri);
    } else {
      const [primary] = await tx
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(and(mine, eq(customerAddresses.isPrimary, true)))
        .limit(1);
      target = primary?.id;
      if (target === undefined) {
        const [created] = await tx
          .insert(customerAddresses)
          .values({ id: randomUUID(), customerId: caller.id, address, isPrimary: true, updatedAt: now })
          .returning();
        return addressResource(created!, caller);
      }
    }
    const [updated] = await tx
      .update(customerAddresses)
      .set({ address, updatedAt: now })
      .where(and(mine, eq(customerAddresses.id, target)))
      .returning();
    if (!updated) throw notFound('address');
    return addressResource(updated, caller);
  });
}
