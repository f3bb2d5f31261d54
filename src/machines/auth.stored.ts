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
  email: z.nullable(z.string()),
  password: z.literal(''),
  accessToken: z.nullable(z.string()),
  refreshToken: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  customerNumber: z.nullable(z.string()),
  customerData: z.nullable(CustomerSchema),
  tokenExpiry: z.number(),
});

/** The session in a stored snapshot (see persistableSession), or null when there is none usable. */
export function storedSession(snapshot: unknown): AccountSession | null {
  const context = typeof snapshot === 'object' && snapshot !== null && 'context' in snapshot ? snapshot.context : undefined;
  const parsed = AccountSessionSchema.safeParse(context);
  return parsed.success ? sessionOf(parsed.data) : null;
}
