// Review links: /<review path>/{tradeId}?token=… where the token is
// `<expiry seconds>.<HMAC-SHA256("review", tradeId, expiry)>` under the label secret (like the
// clarification links, server/clarifications/links.ts), so a link works only for its trade and for
// REVIEW_LINK_DAYS after the payout.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../src/config/locales';
import { buildPath } from '../../src/config/routes';

export const REVIEW_LINK_DAYS = 90;

export type ReviewLinkCheck = 'ok' | 'invalid' | 'expired';

export interface ReviewLinks {
  token(tradeId: string, expiresAt: Date): string;
  verify(tradeId: string, token: unknown, now?: Date): ReviewLinkCheck;
  /** The shop's localized review page with the token, valid for REVIEW_LINK_DAYS from `issuedAt`. */
  path(locale: Locale, tradeId: string, issuedAt: Date): string;
}

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createReviewLinks(secret: string | Uint8Array): ReviewLinks {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (key.length < 16) throw new Error('The link secret must be at least 16 bytes long.');
  const mac = (tradeId: string, seconds: number) =>
    createHmac('sha256', key).update(`review:${tradeId.toLowerCase()}:${seconds}`).digest('base64url');
  const token = (tradeId: string, expiresAt: Date) => {
    const seconds = Math.floor(expiresAt.getTime() / 1000);
    return `${seconds}.${mac(tradeId, seconds)}`;
  };
  return {
    token,
    verify(tradeId, presented, now = new Date()) {
      if (typeof presented !== 'string') return 'invalid';
      const match = TOKEN.exec(presented);
      if (!match) return 'invalid';
      const seconds = Number(match[1]);
      if (!timingSafeEqual(Buffer.from(match[2]!), Buffer.from(mac(tradeId, seconds)))) return 'invalid';
      return seconds * 1000 < now.getTime() ? 'expired' : 'ok';
    },
    path(locale, tradeId, issuedAt) {
      const expiresAt = new Date(issuedAt.getTime() + REVIEW_LINK_DAYS * 24 * 3600 * 1000);
      return `${buildPath('review', locale, { trade: tradeId })}?token=${encodeURIComponent(token(tradeId, expiresAt))}`;
    },
  };
}
