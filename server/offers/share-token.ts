// The signed token of a shared offer (issue 18 part 1): a JWT (HS256, jose) bound to the offer id
// and the offer's expiry, signed with a key derived from the label secret for this one purpose. It
// carries no `exp`: an expired offer's link still opens, in its expired state with the answers.

import { createHmac } from 'node:crypto';

export interface OfferShareClaims {
  readonly offerId: string;
  /** The offer's expiry the token was made for (the offer's validUntil). */
  readonly validUntil: Date;
}

export interface OfferShareTokens {
  sign(claims: OfferShareClaims): Promise<string>;
  /** The claims of a token signed here, or null for a forged, altered or malformed one. */
  verify(token: string): Promise<OfferShareClaims | null>;
}

const ISSUER = 'tradein:offer-share';

export function createOfferShareTokens(secret: string | Uint8Array): OfferShareTokens {
  const key = createHmac('sha256', typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret))
    .update('offer-share')
    .digest();
  return {
    // jose loads with the first token, not at start-up (issue 34).
    sign: async ({ offerId, validUntil }) =>
      new (await import('jose')).SignJWT({ vu: validUntil.getTime() })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(offerId)
        .sign(key),
    async verify(token) {
      const { errors, jwtVerify } = await import('jose');
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        if (typeof payload.sub !== 'string' || typeof payload.vu !== 'number') return null;
        return { offerId: payload.sub, validUntil: new Date(payload.vu) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
