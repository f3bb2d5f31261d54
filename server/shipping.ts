// The composition root's mail and links: the mail infrastructure (server/mail/setup.ts) and each
// domain's signed links (labels, clarifications, reviews, shared offers, cart-hold stops), all keyed
// from the label secret. The server, the worker and the ops CLI build it the same way; each domain
// plugin is handed only the part it declares (its own links, the mailer, the public origins).

import type { CartHoldStopLinks } from './offers/cart-holds';
import { createCartHoldStopLinks } from './offers/cart-holds';
import { createClarificationLinks, type ClarificationLinks } from './clarifications/links';
import { createLabelLinks, loadLabelSecret, type LabelLinks } from './labels/links';
import { createMailServices, type MailConfig, type MailQueueOptions, type MailServices } from './mail/setup';
import { createOfferShareTokens, type OfferShareTokens } from './offers/share-token';
import { DEFAULT_DATA_DIR } from './platform/paths';
import { createReviewLinks, type ReviewLinks } from './reviews/links';
import { createCertificateLinks, createTradeLinks, type CertificateLinks, type TradeLinks } from './trades/links';

export interface ShippingServices extends MailServices {
  readonly labels: LabelLinks;
  /** Clarification links, signed with the label secret (server/clarifications/links.ts). */
  readonly clarifications: ClarificationLinks;
  /** Review request links, signed with the label secret (server/reviews/links.ts). */
  readonly reviews: ReviewLinks;
  /** The guest trade page links, signed with the label secret (server/trades/links.ts). */
  readonly trades: TradeLinks;
  /** The data-erasure certificates' links, signed with the label secret (server/trades/links.ts). */
  readonly certificates: CertificateLinks;
  /** Tokens of shared offer links, keyed from the label secret (server/offers/share-token.ts); absent in tests that share none. */
  readonly offerShares?: OfferShareTokens;
  /** The stop links of price-drop warnings to cart holds, keyed from the label secret (server/offers/cart-holds.ts). */
  readonly cartHoldStops?: CartHoldStopLinks;
}

export interface ShippingConfig extends MailConfig {
  readonly LABEL_SECRET?: string;
  /** Signs the contact form tickets (server/contact/ticket.ts). */
  readonly CONTACT_SECRET?: string;
}

export async function createShippingServices(config: ShippingConfig, queue?: MailQueueOptions): Promise<ShippingServices> {
  const secret = await loadLabelSecret({ fromEnv: config.LABEL_SECRET, dataDir: config.DATA_DIR ?? DEFAULT_DATA_DIR });
  return {
    ...createMailServices(config, queue),
    labels: createLabelLinks(secret),
    clarifications: createClarificationLinks(secret),
    reviews: createReviewLinks(secret),
    trades: createTradeLinks(secret),
    certificates: createCertificateLinks(secret),
    offerShares: createOfferShareTokens(secret),
    cartHoldStops: createCartHoldStopLinks(secret),
  };
}
