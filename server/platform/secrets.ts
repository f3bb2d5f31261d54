// Server secrets kept in the data directory when the environment sets none (label links, tokens).
// All servers of one deployment must share them: set them in the environment when running several.

import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * A server secret: the environment's value when set; else the one in DATA_DIR/<file> (under
 * secrets/), created with 32 random bytes on first start (exclusive create, so two starting servers agree on one).
 */
export async function loadSecret(options: { fromEnv?: string; dataDir: string; file: string }): Promise<string> {
  if (options.fromEnv) return options.fromEnv;
  const file = join(options.dataDir, options.file);
  const dir = dirname(file);
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
