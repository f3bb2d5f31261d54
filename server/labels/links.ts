// Label links: GET /api/trades/{tradeId}/label.pdf?token=… where the token is HMAC-SHA256(tradeId and
// the trade's label version) under a server secret, so only who got the link (the seller: answer
// header, mail, account) can fetch the label. Raising the version (`trades revoke-label`) voids every
// link given out before; version 0 is the link of the checkout and its mail. The secret comes from LABEL_SECRET, else it is generated once and kept in
// DATA_DIR/secrets/label-secret (mode 0600); all servers of one deployment must share it.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { loadSecret } from '../platform/secrets';

export const LABEL_SECRET_FILE = join('secrets', 'label-secret');

export interface LabelLinks {
  /** The token for a trade id and label version (base64url, 43 characters). */
  token(tradeId: string, version?: number): string;
  /** Constant-time check of a presented token against the trade's current label version. */
  verify(tradeId: string, token: unknown, version?: number): boolean;
  /** `/api/trades/<id>/label.pdf?token=<token>`: what the Label-Url header answers (and the account shows). */
  path(tradeId: string, version?: number): string;
  /** The absolute link for the mail: `origin` is the shop's configured public origin. */
  url(origin: string, tradeId: string): string;
  /** `/api/trades/<id>/return-label.pdf?token=<token>`: the label of the devices we send back (its own MAC purpose). */
  returnPath(tradeId: string): string;
  /** Constant-time check of a return label's token. */
  verifyReturn(tradeId: string, token: unknown): boolean;
  /** `/api/trades/<id>/credit-note.pdf?token=<token>`: a business trade's credit note (its own MAC purpose, decision 036). */
  creditNotePath(tradeId: string): string;
  /** The absolute credit note link for the mail. */
  creditNoteUrl(origin: string, tradeId: string): string;
  /** Constant-time check of a credit note's token. */
  verifyCreditNote(tradeId: string, token: unknown): boolean;
}

export function labelPathOf(tradeId: string, token: string): string {
  return `/api/trades/${encodeURIComponent(tradeId)}/label.pdf?token=${encodeURIComponent(token)}`;
}

export function createLabelLinks(secret: string | Uint8Array): LabelLinks {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (key.length < 16) throw new Error('The label secret must be at least 16 bytes long.');
  const mac = (purpose: string, tradeId: string) => createHmac('sha256', key).update(`${purpose}:${tradeId.toLowerCase()}`).digest();
  const token = (tradeId: string, version = 0) => mac('label', version === 0 ? tradeId : `${tradeId}#${version}`).toString('base64url');
  const returnToken = (tradeId: string) => mac('return-label', tradeId).toString('base64url');
  const creditNoteToken = (tradeId: string) => mac('credit-note', tradeId).toString('base64url');
  const creditNotePath = (tradeId: string) =>
    `/api/trades/${encodeURIComponent(tradeId)}/credit-note.pdf?token=${encodeURIComponent(creditNoteToken(tradeId))}`;
  const check = (expected: string, presented: unknown) => {
    if (typeof presented !== 'string' || presented.length !== 43 || !/^[A-Za-z0-9_-]+$/.test(presented)) return false;
    // Compared as text: decoding would ignore the unused low bits of the last character and
    // accept several spellings of one token.
    return timingSafeEqual(Buffer.from(presented), Buffer.from(expected));
  };
  return {
    token,
    verify: (tradeId, presented, version = 0) => check(token(tradeId, version), presented),
    returnPath: (tradeId) =>
      `/api/trades/${encodeURIComponent(tradeId)}/return-label.pdf?token=${encodeURIComponent(returnToken(tradeId))}`,
    verifyReturn: (tradeId, presented) => check(returnToken(tradeId), presented),
    creditNotePath,
    creditNoteUrl: (origin, tradeId) => `${origin.replace(/\/+$/, '')}${creditNotePath(tradeId)}`,
    verifyCreditNote: (tradeId, presented) => check(creditNoteToken(tradeId), presented),
    path: (tradeId, version = 0) => labelPathOf(tradeId, token(tradeId, version)),
    url: (origin, tradeId) => `${origin.replace(/\/+$/, '')}${labelPathOf(tradeId, token(tradeId))}`,
  };
}

/**
 * The label secret: LABEL_SECRET when set; else the one in DATA_DIR/secrets/label-secret, created
 * with 32 random bytes on first start (server/platform/secrets.ts).
 */
export function loadLabelSecret(options: { fromEnv?: string; dataDir: string }): Promise<string> {
  return loadSecret({ ...options, file: LABEL_SECRET_FILE });
}
