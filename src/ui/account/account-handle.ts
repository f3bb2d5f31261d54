// What the page sees of the account session (product §3 Account session, §4 login rules): the
// AccountProvider (./account-provider.tsx) runs the auth machine (src/machines/auth.ts) and hands
// this out through useAccount(). Screens never call the account API for the session themselves.

import type { Customer, TokenAnswer } from '../../contracts/account';
import type { LoginFailure } from '../../machines/auth';
import type { CustomerApi } from '../../services/customer-data';

export type { LoginFailure } from '../../machines/auth';

export interface AccountHandle {
  /** False until the stored session has been restored (render no login/logout choice before). */
  readonly ready: boolean;
  readonly isLoggedIn: boolean;
  /** A login request is running. */
  readonly busy: boolean;
  readonly email: string | null;
  readonly customerId: string | null;
  readonly customerNumber: string | null;
  /** GET /api/customers/customers of the logged-in customer, once loaded. */
  readonly customerData: Customer | null;
  readonly loginFailure: LoginFailure | null;
  readonly retryAfterSeconds: number | null;
  login(input: { email: string; password: string; rememberMe: boolean }): void;
  /** Takes over the session a mailed sign-in link opened (its token answer). */
  openSession(answer: TokenAnswer): void;
  logout(): void;
  /**
   * The access token for a call outside customerApi that a logged-in customer makes with a bearer
   * token (the checkout's trade submission): refreshed first when it has expired, shared with any
   * refresh already running. Rejects with SessionEndedError when nobody is logged in.
   */
  getAccessToken(): Promise<string>;
  /**
   * Authenticated customer-data and account calls. Each refreshes the access token first when it
   * has expired (one refresh shared by concurrent calls); a refresh failure logs the user out and
   * the call rejects with SessionEndedError (src/services/session-tokens.ts). Calls made before the
   * session is restored wait for it.
   */
  readonly customerApi: CustomerApi;
}
