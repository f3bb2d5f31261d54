// Guest trade page links: /<trade path>/{tradeNumber}?token=… where the token is
// HMAC-SHA256("trade", tradeNumber) under the label secret (like the review and clarification links).
// The token carries no expiry because nobody knows when it is issued how long the trade will run: the
// page refuses it once the trade is closed (paid, returned or cancelled) and TRADE_LINK_GRACE_DAYS have
// passed since its last move (server/trades/trade-view.ts).

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../src/config/locales';
import { buildPath } from '../../src/config/routes';

/** How long a closed trade's page stays reachable by its link, counted from the trade's last move. */
export const TRADE_LINK_GRACE_DAYS = 60;

export interface TradeLinks {
  token(tradeNumber: string): string;
  /** Constant-time check of the token's MAC (the trade's closure is checked with the trade). */
  verify(tradeNumber: string, token: unknown): boolean;
  /** The shop's localized trade page with the token. */
  path(locale: Locale, tradeNumber: string): string;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function createTradeLinks(secret: string | Uint8Array): TradeLinks {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (key.length < 16) throw new Error('The link secret must be at least 16 bytes long.');
  const token = (tradeNumber: string) => createHmac('sha256', key).update(`trade:${tradeNumber.toUpperCase()}`).digest('base64url');
  return {
    token,
    verify(tradeNumber, presented) {
      if (typeof presented !== 'string' || !TOKEN.test(presented)) return false;
      return timingSafeEqual(Buffer.from(presented), Buffer.from(token(tradeNumber)));
    },
    path(locale, tradeNumber) {
      return `${buildPath('tradeStatus', locale, { trade: tradeNumber })}?token=${encodeURIComponent(token(tradeNumber))}`;
    },
  };
}

/** Data-erasure certificate links (issue 28): GET /api/certificates/{id}.pdf?token=HMAC("certificate", id). */
export interface CertificateLinks {
  token(certificateId: string): string;
  verify(certificateId: string, token: unknown): boolean;
  /** The PDF's path with its token (relative to the seller's shop origin). */
  path(certificateId: string): string;
}

export function createCertificateLinks(secret: string | Uint8Array): CertificateLinks {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (key.length < 16) throw new Error('The link secret must be at least 16 bytes long.');
  const token = (id: string) => createHmac('sha256', key).update(`certificate:${id.toLowerCase()}`).digest('base64url');
  return {
    token,
    verify(id, presented) {
      if (typeof presented !== 'string' || !TOKEN.test(presented)) return false;
      return timingSafeEqual(Buffer.from(presented), Buffer.from(token(id)));
    },
    path: (id) => `/api/certificates/${id.toLowerCase()}.pdf?token=${encodeURIComponent(token(id))}`,
  };
}
