// The real shop actor: every child with its real actors (./auth.actors.ts, ./offer.actors.ts,
// ./checkout.actors.ts) and the shop's own side effects, wired to the shop as ./shop.ts says.

import { fromPromise } from 'xstate';
import type { ApiClient } from '../services/api-client';
import type { CustomerApi } from '../services/customer-data';
import type { TokenSource } from '../services/session-tokens';
import { trackTradeCreated } from '../services/trade-events';
import { authMachineWith } from './auth';
import { authCalls } from './auth.actors';
import { checkoutMachine, type AccountPrefill } from './checkout';
import { checkoutActors, loadAccountPrefill } from './checkout.actors';
import { offerMachine } from './offer';
import { offerActors } from './offer.actors';
import { cartLines, shopMachine, wireOffer, wireSession } from './shop';

export interface ShopDeps {
  readonly api: () => Promise<ApiClient>;
  /** The session's tokens and customer API; they exist once the shop actor has started. */
  readonly tokens: () => TokenSource;
  readonly customerApi: () => CustomerApi;
  /** Shows the thank-you page (the router's navigation). */
  readonly showThankYou: () => void;
}

export function realShopMachine(deps: ShopDeps) {
  return shopMachine.provide({
    actors: {
      session: wireSession(authMachineWith(authCalls(deps.api, deps.customerApi))),
      offer: wireOffer(offerMachine.provide({ actors: offerActors(deps) })),
      checkout: checkoutMachine.provide({ actors: checkoutActors(deps) }),
      loadPrefill: fromPromise<AccountPrefill, { email: string }>(async ({ input }) => loadAccountPrefill(deps.customerApi(), input.email)),
    },
    actions: {
      trackTrade: ({ self }, { trade }) => {
        if (!trade) return;
        const categories = new Map(cartLines(self.system).map((line) => [line.deviceId, line.category]));
        trackTradeCreated(trade, (id) => categories.get(id));
      },
      showThankYou: () => deps.showThankYou(),
    },
  });
}
