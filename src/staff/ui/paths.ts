// The back office's paths (its route tree: src/staff/routes/router.tsx). They are plain strings to the
// type checker: the router type the project registers is the shop's (src/routes/router.tsx), whose
// paths these are not.

export const PATHS: Readonly<
  Record<'receive' | 'signIn' | 'setPassword' | 'trades' | 'users' | 'audit' | 'payouts' | 'returns' | 'inbox' | 'lookup', string>
> = {
  receive: '/',
  signIn: '/sign-in',
  setPassword: '/set-password',
  trades: '/trades',
  users: '/users',
  audit: '/audit',
  payouts: '/payouts',
  returns: '/returns',
  inbox: '/inbox',
  lookup: '/lookup',
};

/** The trade page of a trade number. */
export const tradePath = (tradeNumber: string): string => `/trades/${encodeURIComponent(tradeNumber)}`;

/** The page of a payout batch. */
export const batchPath = (id: string): string => `/payouts/batches/${encodeURIComponent(id)}`;

/** The page of a contact message in the support inbox. */
export const messagePath = (reference: string): string => `/inbox/${encodeURIComponent(reference)}`;

/** Where the sign-in may send the user back to: a path of this app, not the sign-in itself. */
export function safeRedirect(redirect: string | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return PATHS.receive;
  if (redirect.startsWith(PATHS.signIn)) return PATHS.receive;
  return redirect;
}
