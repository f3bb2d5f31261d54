// POST /api/customers/guest_account_number: earlier guest trades join the account. Interpretation
// (the original specification names the call only): a guest trade belongs to the account when its guest e-mail is the
// account's e-mail, compared case-insensitively — the account's e-mail was verified by activation,
// so it proves the caller received those trades' mails. Trades of every country shop are claimed,
// as the account is one across shops (its e-mail is unique). A claimed trade keeps its guest e-mail
// (where its mails went) and gets the customer id; trades already in an account are never moved,
// so a second call claims nothing. The answer carries the customer number (the call's name).

import { and, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { GuestAccountNumberAnswerSchema } from '../../src/contracts/account';
import type { Database } from '../db/client';
import { trades } from '../db/schema/trades';
import { withCaller } from './caller';
import { conflict } from '../http/errors';

export async function claimGuestTrades(db: Database, customerId: string): Promise<z.output<typeof GuestAccountNumberAnswerSchema>> {
  return withCaller(db, customerId, async (tx, caller) => {
    if (caller.customerNumber === null) throw conflict('Your account has no customer number yet; activate it first.');
    const claimed = await tx
      .update(trades)
      .set({ customerId: caller.id })
      .where(and(isNull(trades.customerId), sql`lower(${trades.guestEmail}) = ${caller.email.toLowerCase()}`))
      .returning({ id: trades.id });
    return { customerNumber: caller.customerNumber, claimedTrades: claimed.length };
  });
}
