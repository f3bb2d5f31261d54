// The newsletter's signatures: the e-mail hash of the enrich and unsubscribe links (HMAC-SHA256 of
// the lower-cased address with the newsletter secret, hex, as the DE legacy unsubscribe redirect
// expects) and the expiring confirmation token of the double opt-in mail, which signs the nonce of
// the sign-up it confirms (so it works once, and only for the latest sign-up).

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../src/config/locales';
import { loadSecret } from '../platform/secrets';
import { CONFIRM_TOKEN_PATTERN, EMAIL_HASH_PATTERN } from '../../src/contracts/newsletter';

export const NEWSLETTER_SECRET_FILE = 'secrets/newsletter-secret';
/** How long the confirmation link of the double opt-in mail works. */
export const CONFIRM_VALID_SECONDS = 7 * 24 * 3600;

/** The signer of a running server: NEWSLETTER_SECRET, else DATA_DIR/secrets/newsletter-secret. */
export async function loadNewsletterSigner(source: { fromEnv: string | undefined; dataDir: string }): Promise<NewsletterSigner> {
  return createNewsletterSigner(await loadSecret({ ...source, file: NEWSLETTER_SECRET_FILE }));
}

export interface NewsletterSigner {
  emailHash(email: string): string;
  confirmToken(input: { locale: Locale; emailHash: string; nonce: string; now: number }): string;
  /** True when `token` signs this sign-up and has not expired. */
  verifyConfirmToken(token: string, input: { locale: Locale; emailHash: string; nonce: string; now: number }): boolean;
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

export function createNewsletterSigner(secret: string): NewsletterSigner {
  const hmac = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  const signature = (locale: Locale, emailHash: string, nonce: string, expires: number) =>
    hmac(`newsletter-confirm:${locale}:${emailHash}:${nonce}:${expires}`);
  return {
    emailHash: (email) => hmac(`newsletter-email:${email.trim().toLowerCase()}`),
    confirmToken: ({ locale, emailHash, nonce, now }) => {
      const expires = Math.floor(now / 1000) + CONFIRM_VALID_SECONDS;
      return `${expires}.${signature(locale, emailHash, nonce, expires)}`;
    },
    verifyConfirmToken: (token, { locale, emailHash, nonce, now }) => {
      if (!CONFIRM_TOKEN_PATTERN.test(token) || !EMAIL_HASH_PATTERN.test(emailHash)) return false;
      const [expiresText, sig] = token.split('.') as [string, string];
      const expires = Number(expiresText);
      if (expires * 1000 <= now) return false;
      return sameHex(sig, signature(locale, emailHash, nonce, expires));
    },
  };
}
