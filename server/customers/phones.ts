// The customer's phone contacts (product §7: POST and PATCH /api/customers/phone_contacts with body
// phone, customerIri, phoneIri). The customerIri must be the caller's; phoneIri one of their phones.

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { idOfIri, type PhoneContact, type PhoneCreateSchema, type PhonePatchSchema } from '../../src/contracts/account';
import type { Database } from '../db/client';
import { phoneContacts } from '../db/schema/customers';
import { requireOwnIri, withCaller } from './caller';
import { conflict } from '../http/errors';
import { notFound } from './errors';
import { phoneResource } from './resources';

/** Phone contacts one customer may hold; a bound on what one login can store. */
export const MAX_PHONE_CONTACTS = 10;

export async function createPhone(
  db: Database,
  customerId: string,
  body: z.output<typeof PhoneCreateSchema>,
  now: Date,
): Promise<PhoneContact> {
  return withCaller(db, customerId, async (tx, caller) => {
    requireOwnIri(body.customerIri, 'customers', caller);
    if ((await tx.$count(phoneContacts, eq(phoneContacts.customerId, caller.id))) >= MAX_PHONE_CONTACTS) {
      throw conflict(`An account holds at most ${MAX_PHONE_CONTACTS} phone numbers; change one of them instead.`);
    }
    const [row] = await tx
      .insert(phoneContacts)
      .values({ id: randomUUID(), customerId: caller.id, phone: body.phone, updatedAt: now })
      .returning();
    return phoneResource(row!);
  });
}

export async function patchPhone(
  db: Database,
  customerId: string,
  body: z.output<typeof PhonePatchSchema>,
  now: Date,
): Promise<PhoneContact> {
  return withCaller(db, customerId, async (tx, caller) => {
    requireOwnIri(body.customerIri, 'customers', caller);
    const [row] = await tx
      .update(phoneContacts)
      .set({ phone: body.phone, updatedAt: now })
      .where(and(eq(phoneContacts.customerId, caller.id), eq(phoneContacts.id, idOfIri(body.phoneIri))))
      .returning();
    if (!row) throw notFound('phone number');
    return phoneResource(row);
  });
}
