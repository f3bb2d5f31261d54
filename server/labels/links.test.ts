import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLabelLinks, LABEL_SECRET_FILE, loadLabelSecret } from './links';

const ID = '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f';

describe('label links', () => {
  const links = createLabelLinks('a-test-secret-of-enough-length-000');

  it('signs a trade id with a 43-character base64url token that verifies, for that id only', () => {
    const token = links.token(ID);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.verify(ID, token)).toBe(true);
    expect(links.verify(ID.toUpperCase(), token)).toBe(true);
    expect(links.verify('3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e50', token)).toBe(false);
    expect(createLabelLinks('another-secret-of-enough-length-00').verify(ID, token)).toBe(false);
  });

  it('refuses missing, malformed and tampered tokens', () => {
    const token = links.token(ID);
    for (const bad of [
      undefined,
      '',
      'x',
      token.slice(0, 42),
      `${token}A`,
      `${token.slice(0, 42)}${token[42] === 'A' ? 'B' : 'A'}`,
      [token],
      42,
      `${token.slice(0, 42)}=`,
    ]) {
      expect(links.verify(ID, bad), String(bad)).toBe(false);
    }
  });

  it('builds the relative path and the absolute URL', () => {
    const token = links.token(ID);
    expect(links.path(ID)).toBe(`/api/trades/${ID}/label.pdf?token=${token}`);
    expect(links.url('https://www.tradein.fr/', ID)).toBe(`https://www.tradein.fr/api/trades/${ID}/label.pdf?token=${token}`);
  });

  it('needs a secret of at least 16 bytes', () => {
    expect(() => createLabelLinks('short')).toThrow(/at least 16 bytes/);
  });
});

describe('loadLabelSecret', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prefers LABEL_SECRET and writes nothing then', async () => {
    dir = await mkdtemp(join(tmpdir(), 'label-secret-'));
    expect(await loadLabelSecret({ fromEnv: 'from-the-environment-0123456789abcdef', dataDir: dir })).toBe(
      'from-the-environment-0123456789abcdef',
    );
    await expect(stat(join(dir, LABEL_SECRET_FILE))).rejects.toThrow();
  });

  it('generates a secret on first start into DATA_DIR/secrets/label-secret (0600) and keeps it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'label-secret-'));
    const first = await loadLabelSecret({ dataDir: dir });
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(dir, LABEL_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect(await loadLabelSecret({ dataDir: dir })).toBe(first);
  });

  it('agrees on one secret when servers start at once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'label-secret-'));
    const secrets = await Promise.all(Array.from({ length: 8 }, () => loadLabelSecret({ dataDir: dir! })));
    expect(new Set(secrets).size).toBe(1);
  });

  it('uses an existing secret file as it is', async () => {
    dir = await mkdtemp(join(tmpdir(), 'label-secret-'));
    await mkdir(join(dir, 'secrets'));
    await writeFile(join(dir, LABEL_SECRET_FILE), 'kept-secret-kept-secret-kept-secret\n');
    expect(await loadLabelSecret({ dataDir: dir })).toBe('kept-secret-kept-secret-kept-secret');
  });
});

describe('token spelling', () => {
  it('accepts exactly one spelling of a token (the last character carries unused bits)', () => {
    const links = createLabelLinks('a-test-secret-that-is-long-enough');
    const id = '6f9619ff-8b86-4d01-b42d-00c04fc964ff';
    const token = links.token(id);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const accepted = [...alphabet].filter((c) => links.verify(id, token.slice(0, 42) + c));
    expect(accepted).toEqual([token.slice(42)]);
  });
});
