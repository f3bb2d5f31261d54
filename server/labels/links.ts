// Label links: GET /api/trades/{tradeId}/label.pdf?token=… where the token is HMAC-SHA256(tradeId)
// under a server secret, so only who got the link (the seller: answer header, mail) can fetch the
// label. The secret comes from LABEL_SECRET, else it is generated once and kept in
// DATA_DIR/secrets/label-secret (mode 0600); all servers of one deployment must share it.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const LABEL_SECRET_FILE = join('secrets', 'label-secret');

export interface LabelLinks {
  /** The token for a trade id (base64url, 43 characters). */
  token(tradeId: string): string;
  /** Constant-time check of a presented token. */
  verify(tradeId: string, token: unknown): boolean;
  /** `/api/trades/<id>/label.pdf?token=<token>`: what the Label-Url header answers. */
  path(tradeId: string): string;
  /** The absolute link for the mail: `origin` is the shop's configured public origin. */
  url(origin: string, tradeId: string): string;
}

export function labelPathOf(tradeId: string, token: string): string {
  return `/api/trades/${encodeURIComponent(tradeId)}/label.pdf?token=${encodeURIComponent(token)}`;
}

export function createLabelLinks(secret: string | Uint8Array): LabelLinks {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (key.length < 16) throw new Error('The label secret must be at least 16 bytes long.');
  const mac = (tradeId: string) => createHmac('sha256', key).update(`label:${tradeId.toLowerCase()}`).digest();
  const token = (tradeId: string) => mac(tradeId).toString('base64url');
  return {
    token,
    verify(tradeId, presented) {
      if (typeof presented !== 'string' || presented.length !== 43 || !/^[A-Za-z0-9_-]+$/.test(presented)) return false;
      // Compared as text: decoding would ignore the unused low bits of the last character and
      // accept several spellings of one token.
      return timingSafeEqual(Buffer.from(presented), Buffer.from(token(tradeId)));
    },
    path: (tradeId) => labelPathOf(tradeId, token(tradeId)),
    url: (origin, tradeId) => `${origin.replace(/\/+$/, '')}${labelPathOf(tradeId, token(tradeId))}`,
  };
}

/**
 * The label secret: LABEL_SECRET when set; else the one in DATA_DIR/secrets/label-secret, created
 * with 32 random bytes on first start (exclusive create, so two starting servers agree on one).
 */
export async function loadLabelSecret(options: { fromEnv?: string; dataDir: string }): Promise<string> {
  if (options.fromEnv) return options.fromEnv;
  const dir = join(options.dataDir, 'secrets');
  const file = join(options.dataDir, LABEL_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Written whole under a private name, then linked into place: link() fails when the file exists,
  // so two servers starting at once end up with the same secret and nobody reads a half-written one.
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = await readSecret(file);
    if (!raced) throw new Error(`${file} exists but holds no secret.`, { cause: error });
    return raced;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    const value = (await readFile(file, 'utf8')).trim();
    return value === '' ? undefined : value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
