// The account session as it is stored and shared between tabs: what a stored snapshot or another
// tab's message must look like to be used. Apart from the machine (./auth.ts), which is in every
// page's first script (the header's account menu): this validates with the contracts (zod, and the
// customer's address and payout with their IBAN and VAT checks), which only the code that restores
// or adopts a session loads (decision 090).

import { CustomerSchema } from '../contracts/account';
import { z } from '../contracts/zod';
import { sessionOf, type AccountSession } from './auth-session';

/** The stored form of a session; anything else in storage is dropped. */
export const AccountSessionSchema = z.object({
  isLoggedIn: z.boolean(),
  email: z.string().nullable(),
  password: z.literal(''),
  accessToken: z.string().nullable(),
  refreshToken: z.string().nullable(),
  customerId: z.string().nullable(),
  customerNumber: z.string().nullable(),
  customerData: CustomerSchema.nullable(),
  tokenExpiry: z.number(),
});

/** The session in a stored snapshot (see persistableSession), or null when there is none usable. */
export function storedSession(snapshot: unknown): AccountSession | null {
  const context = typeof snapshot === 'object' && snapshot !== null && 'context' in snapshot ? snapshot.context : undefined;
  const parsed = AccountSessionSchema.safeParse(context);
  return parsed.success ? sessionOf(parsed.data) : null;
}
