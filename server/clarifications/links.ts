// Clarification links: /clarification/{id}/{tradeNumber}?token=… where the token is
// `<expiry seconds>.<HMAC-SHA256(id, tradeNumber, expiry)>` under the label secret (server/labels/links.ts,
// server/platform/secrets.ts), so a link works only for its clarification, its trade and until its deadline.

import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkCheck = 'ok' | 'invalid' | 'expired';

export interface ClarificationLinks {
  /** The token for a clarification of a trade, valid until `expiresAt` (whole seconds). */
  token(clarificationId: string, tradeNumber: string, expiresAt: Date): string;
  /** Constant-time check; 'expired' only for a token that is genuine but past its expiry. */
  verify(clarificationId: string, tradeNumber: string, token: unknown, now?: Date): LinkCheck;
  /** `/clarification/{id}/{trade}?token=…`, or the quick answer of one new offer. */
  path(clarificationId: string, tradeNumber: string, expiresAt: Date, quickOfferId?: string): string;
}

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createClarificationLinks(secret: string | Uint8Array): ClarificationLinks {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (key.length < 16) throw new Error('The link secret must be at least 16 bytes long.');
  const mac = (id: string, trade: string, seconds: number) =>
    createHmac('sha256', key).update(`clarification:${id.toLowerCase()}:${trade.toUpperCase()}:${seconds}`).digest('base64url');
  const token = (id: string, trade: string, expiresAt: Date) => {
    const seconds = Math.floor(expiresAt.getTime() / 1000);
    return `${seconds}.${mac(id, trade, seconds)}`;
  };
  return {
    token,
    verify(id, trade, presented, now = new Date()) {
      if (typeof presented !== 'string') return 'invalid';
      const match = TOKEN.exec(presented);
      if (!match) return 'invalid';
      const seconds = Number(match[1]);
      // Compared as text, like label tokens: one spelling per token.
      const expected = Buffer.from(mac(id, trade, seconds));
      if (!timingSafeEqual(Buffer.from(match[2]!), expected)) return 'invalid';
      return seconds * 1000 < now.getTime() ? 'expired' : 'ok';
    },
    path(id, trade, expiresAt, quickOfferId) {
      const base = quickOfferId ? `/clarificationQuickAnswer/${id}/${trade}/${quickOfferId}` : `/clarification/${id}/${trade}`;
      return `${base}?token=${encodeURIComponent(token(id, trade, expiresAt))}`;
    },
  };
}
