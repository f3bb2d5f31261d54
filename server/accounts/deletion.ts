// Step two of deleting an account (product §7: DELETE /api/customers/customers, then DELETE
// /api/account/deleteUser): the login itself. It needs step one done (customers.data_deleted_at) so
// an account never disappears with its data still there. The customer row goes; its tokens, sessions
// and resources cascade; trades stay for the books with customer_id set to null.

import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import type { AccessSubject } from './access-tokens';

export type DeletionOutcome = { readonly kind: 'deleted' } | { readonly kind: 'notFound' } | { readonly kind: 'dataNotDeleted' };

export async function deleteAccount(
  db: Database,
  subject: AccessSubject,
  body: { customerId: string; customerIdentifier: string },
): Promise<DeletionOutcome> {
  if (body.customerId !== subject.customerId) return { kind: 'notFound' };
  const mine = and(eq(customers.id, body.customerId), eq(customers.customerNumber, body.customerIdentifier));
  const deleted = await db
    .delete(customers)
    .where(and(mine, isNotNull(customers.dataDeletedAt)))
    .returning({ id: customers.id });
  if (deleted.length > 0) return { kind: 'deleted' };
  const [still] = await db.select({ id: customers.id }).from(customers).where(mine);
  return still ? { kind: 'dataNotDeleted' } : { kind: 'notFound' };
}
