// The caller of a customer-data call as stored: the access token only says who it was signed for,
// so every call reads the customer row (gone or not active → the session is over). Writes run in one
// transaction that first locks the row (FOR NO KEY UPDATE): one customer's writes and the deletion
// of their data take turns, while trades referring to the customer are not blocked.

import { eq } from 'drizzle-orm';
import { idOfIri, type CustomerCollection } from '../../src/contracts/account';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import { conflict } from '../http/errors';
import { notFound, sessionEnded } from './errors';

export type CustomerRow = typeof customers.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function selectCaller(db: Database, customerId: string, lock: boolean): Promise<CustomerRow> {
  const id = customerId.toLowerCase();
  if (!UUID.test(id)) throw sessionEnded();
  const query = db.select().from(customers).where(eq(customers.id, id));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row || row.status !== 'active') throw sessionEnded();
  return row;
}

/** The caller's customer row, for reads. */
export function readCaller(db: Database, customerId: string): Promise<CustomerRow> {
  return selectCaller(db, customerId, false);
}

/**
 * Runs `work` in one transaction holding the caller's row lock. Once the customer data was deleted
 * (step one of closing the account) nothing new is stored: 409, unless `afterDeletion` allows it.
 */
export function withCaller<T>(
  db: Database,
  customerId: string,
  work: (tx: Database, caller: CustomerRow) => Promise<T>,
  options: { afterDeletion?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    const caller = await selectCaller(tx, customerId, true);
    if (caller.dataDeletedAt !== null && !options.afterDeletion) {
      throw conflict('Your customer data was deleted and the account is being closed; nothing can be stored in it any more.');
    }
    return work(tx, caller);
  });
}

/** A customers or people IRI must name the caller (a person is the person part of the customer): else 404. */
export function requireOwnIri(
  iri: string,
  collection: Extract<CustomerCollection, 'customers' | 'people'>,
  caller: Pick<CustomerRow, 'id'>,
): void {
  if (idOfIri(iri) !== caller.id) throw notFound(collection === 'customers' ? 'customer' : 'person');
}
