// The signed token of a shared offer: it round-trips, and a forged, altered, re-signed or foreign
// token is refused; it carries the expiry, and the share service turns it into "expired" after it.

import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createOfferShareTokens } from './share-token';

const tokens = createOfferShareTokens('a-label-secret-for-the-tests');
const claims = { offerId: '2f1d5c1e-8a43-4b2e-9a57-5d6f5f0e8a11', validUntil: new Date('2026-12-15T10:00:00Z') };

describe('offer share tokens', () => {
  it('verify what they signed: the offer id and its expiry', async () => {
    expect(await tokens.verify(await tokens.sign(claims))).toEqual(claims);
  });

  it('refuse a token whose payload was changed (another offer id)', async () => {
    const [header, , signature] = (await tokens.sign(claims)).split('.');
    const forged = Buffer.from(JSON.stringify({ vu: 1_900_000_000_000, iss: 'tradein:offer-share', sub: 'another-offer' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  it('refuse a token with a later expiry signed under another key, and the same token under another secret', async () => {
    const token = await tokens.sign(claims);
    expect(await createOfferShareTokens('another-label-secret-of-a-shop').verify(token)).toBeNull();
    const foreign = await new SignJWT({ vu: 1_900_000_000_000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('tradein:offer-share')
      .setSubject(claims.offerId)
      .sign(new TextEncoder().encode('a-label-secret-for-the-tests'));
    // Signed with the raw secret, not the key derived for offer links: refused.
    expect(await tokens.verify(foreign)).toBeNull();
  });

  it('refuse malformed tokens and an unsigned one (alg none)', async () => {
    expect(await tokens.verify('')).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: claims.offerId, vu: 1 })).toString('base64url')}.`;
    expect(await tokens.verify(none)).toBeNull();
  });
});
