// The trade side of an account made after a guest sale (issue 32 part 2, POST
// /api/account/registerFromTrade in server/accounts): the guest trade named by its link token, with
// the e-mail, address and payout account the account is made of. The accounts domain sits below
// this one, so the composition root hands this lookup to it.

import { eq } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import type { GuestTradeLookup } from '../accounts/registration';
import type { Database } from '../db/client';
import { trades } from '../db/schema/trades';
import type { TradeLinks } from './links';

export function guestTradeLookup(db: Database, links: TradeLinks): GuestTradeLookup {
  return async (tradeNumber, token) => {
    if (!links.verify(tradeNumber, token)) return 'invalid';
    const [trade] = await db
      .select({
        guestEmail: trades.guestEmail,
        customerId: trades.customerId,
        locale: trades.locale,
        address: trades.address,
        payout: trades.payout,
      })
      .from(trades)
      .where(eq(trades.tradeNumber, tradeNumber.toUpperCase()));
    if (!trade) return 'invalid';
    if (trade.customerId !== null || trade.guestEmail === null) return 'claimed';
    return { email: trade.guestEmail, locale: trade.locale as Locale, address: trade.address, payout: trade.payout };
  };
}
