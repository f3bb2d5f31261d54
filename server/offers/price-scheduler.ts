// Runs the price schedule in the server (issue 18 part 3): every minute it switches the prices whose
// day has come, forgets the cart holds of expired offers and sends the price-drop warnings that are
// due (server/catalogue/price-schedule.ts).
// A failed run is logged and tried again at the next tick.

import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { MailServices } from '../mail/setup';
import type { OfferShareTokens } from './share-token';
import type { CartHoldStopLinks } from './cart-holds';
import { cartHoldStopPath, deleteExpiredCartHolds } from './cart-holds';
import { sendPriceDropMail } from './price-drop-mail';
import { sharedOfferPath } from './shares';
import { applyDuePrices, claimPriceDropWarnings, type UpcomingPrices } from '../catalogue/price-schedule';
import type { CatalogueStore } from '../catalogue/store';

export interface PriceScheduleDeps {
  readonly db: Database;
  readonly store: CatalogueStore;
  /** Mail and the offer link tokens; without them prices switch but nobody is warned. */
  readonly shipping?: Pick<MailServices, 'mailer' | 'publicOrigin'> & {
    readonly offerShares?: OfferShareTokens;
    readonly cartHoldStops?: CartHoldStopLinks;
  };
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Days before a price drop that sellers holding an offer hear of it (PRICE_WARNING_DAYS). */
  readonly warningDays: number;
  /** The offers' view of the schedule, refreshed on every run. */
  readonly upcoming?: UpcomingPrices;
}

/** One run at `now`: switch due prices, then warn. Returns what it did. */
export async function runPriceSchedule(deps: PriceScheduleDeps, now: Date): Promise<{ applied: number; warned: number }> {
  const applied = await applyDuePrices(deps.db, deps.store, now);
  await deps.upcoming?.refresh(deps.db);
  // A cart hold lives as long as its offer (decision 058).
  await deleteExpiredCartHolds(deps.db, now);
  if (applied > 0) deps.log.info({ pricesApplied: applied }, 'scheduled prices switched');
  const tokens = deps.shipping?.offerShares;
  if (!deps.shipping || !tokens) return { applied, warned: 0 };
  const warnings = await claimPriceDropWarnings(deps.db, deps.store, now, deps.warningDays);
  for (const warning of warnings) {
    const token = await tokens.sign({ offerId: warning.offer.offerId, validUntil: warning.offer.validUntil });
    const stops = deps.shipping.cartHoldStops;
    const stopPath = warning.cartHold && stops ? cartHoldStopPath(stops.token(warning.email)) : undefined;
    sendPriceDropMail(
      deps.shipping,
      deps.log,
      warning,
      { offer: sharedOfferPath(warning.locale, warning.deviceSlug, token), ...(stopPath && { stop: stopPath }) },
      now.getTime(),
    );
  }
  return { applied, warned: warnings.length };
}

/** Runs the schedule every minute (the timer does not keep the process alive); returns the stop. */
export function startPriceScheduler(deps: PriceScheduleDeps, intervalMs = 60_000): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runPriceSchedule(deps, new Date())
      .catch((error: unknown) => deps.log.warn({ errorName: error instanceof Error ? error.name : 'Error' }, 'price schedule run failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
