// The offers domain as a plugin: an offer for a device's answers (POST /api/offers), and for
// customers the shared and saved offers and the cart holds of price-drop warnings (decision 058).

import type { AccountServices } from '../accounts/services';
import type { UpcomingPrices } from '../catalogue/price-schedule';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import { registerCartHoldRoutes } from './cart-hold-routes';
import type { CartHoldStopLinks } from './cart-holds';
import { registerOfferRoutes } from './routes';
import type { OfferShareTokens } from './share-token';
import { registerOfferShareRoutes } from './share-routes';

export interface OffersPluginOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  /** Scheduled base prices, so an offer says when its device's price drops; without it none does. */
  readonly upcoming?: UpcomingPrices | undefined;
  /** Accounts; without them there are no shared offers and no cart holds. */
  readonly accounts?: AccountServices | undefined;
  /** The shared offers' link tokens; without them offers are not shared. */
  readonly shares?: OfferShareTokens | undefined;
  /** The stop links of cart-hold warnings; without them carts are not held. */
  readonly cartHoldStops?: CartHoldStopLinks | undefined;
}

export const offersPlugin = domainPlugin<OffersPluginOptions>('offers', (app, { db, store, upcoming, accounts, shares, cartHoldStops }) => {
  registerOfferRoutes(app, { db, store, upcoming });
  if (accounts && shares) registerOfferShareRoutes(app, { db, store, accounts, tokens: shares, ...(upcoming && { upcoming }) });
  if (accounts && cartHoldStops) registerCartHoldRoutes(app, { db, accounts, stops: cartHoldStops });
});
