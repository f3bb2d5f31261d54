// Password hashing and policy without the HTTP layer: argon2id parameters and rehash decisions, the
// common-password list, the e-mail rule, and the throttle's lock figures.

import { describe, expect, it } from 'vitest';
import { lockSeconds, THROTTLE } from './login-throttle';
import { DEFAULT_PASSWORD_COST, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hash';
import { commonPasswords, PASSWORD_IS_EMAIL, PASSWORD_TOO_COMMON, passwordProblem } from './password-policy';

describe('password hashing', () => {
  it('makes argon2id hashes with at least 19 MiB and 2 passes, salted, verified without truncation', async () => {
    const password = 'p'.repeat(127) + 'q';
    const [one, two] = [await hashPassword(password), await hashPassword(password)];
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword(one, password)).toBe(true);
    expect(await verifyPassword(one, `${password}x`)).toBe(false);
    expect(await verifyPassword(one, password.slice(0, 127))).toBe(false);
    expect(await verifyPassword('not a hash', password)).toBe(false);
    expect(await verifyAgainstDummy(password)).toBe(false);
  });

  it('takes an umlaut typed composed or decomposed as the same password (NFC), also for hashes made before', async () => {
    const composed = 'Grüße aus Köln 17';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const cheap = { memoryCost: 4096, timeCost: 1 };
    const hashed = await hashPassword(decomposed, cheap);
    expect(await verifyPassword(hashed, composed)).toBe(true);
    expect(await verifyPassword(hashed, decomposed)).toBe(true);
    expect(await verifyPassword(hashed, 'Grusse aus Koln 17')).toBe(false);
    // A hash of the raw decomposed text (before normalization) still opens with what was typed then.
    const { hash } = await import('@node-rs/argon2');
    const legacy = await hash(decomposed, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(await verifyPassword(legacy, decomposed)).toBe(true);
  });

  it('asks for a rehash when the stored cost is lower than the current one', async () => {
    const cheap = await hashPassword('rehash me please', { memoryCost: 4096, timeCost: 1 });
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(cheap, { memoryCost: 4096, timeCost: 1 })).toBe(false);
    expect(needsRehash(await hashPassword('rehash me please'))).toBe(false);
    expect(needsRehash(await hashPassword('stronger', { memoryCost: DEFAULT_PASSWORD_COST.memoryCost, timeCost: 3 }))).toBe(false);
    expect(needsRehash('$2b$10$bcrypthashbcrypthashbcrypthashbcrypthashbcrypth')).toBe(true);
  });
});

describe('password policy', () => {
  it('holds a few thousand common passwords of 8 characters or more, lower case', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(2000);
    for (const password of [
      'password',
      '12345678',
      '123456789',
      'qwertyuiop',
      'iloveyou1',
      'passwort',
      'azertyuiop',
      'contraseña',
      'juventus',
    ]) {
      expect(list.has(password), password).toBe(true);
    }
    for (const password of list) {
      expect([...password].length, password).toBeGreaterThanOrEqual(8);
      expect(password).toBe(password.toLowerCase());
    }
  });

  it('refuses common passwords in any case and the e-mail address or its local part', () => {
    expect(passwordProblem('PASSWORD', 'a@example.com')).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('QwertyUiop', 'a@example.com')).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('erika.mustermann@example.com', 'erika.mustermann@example.com')).toBe(PASSWORD_IS_EMAIL);
    expect(passwordProblem('Erika.Mustermann', 'erika.mustermann@example.com')).toBe(PASSWORD_IS_EMAIL);
    expect(passwordProblem('correct horse battery staple', 'erika.mustermann@example.com')).toBeUndefined();
  });
});

describe('login throttle figures', () => {
  it('locks from the 5th failure: 30 s, doubling, at most 15 minutes', () => {
    expect([1, 2, 3, 4].map(lockSeconds)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 50].map(lockSeconds)).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    expect(THROTTLE.maxLockSeconds).toBe(900);
  });
});
