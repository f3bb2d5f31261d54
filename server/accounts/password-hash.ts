// Password hashing (OWASP ASVS 5 §11.4.2): argon2id with at least the OWASP minimum cost (19 MiB,
// 2 passes, 1 lane), PHC strings in customers.password_hash. Unknown users are checked against a
// dummy hash of the same cost, so a login takes as long whether or not the e-mail exists.

import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

/**
 * The one argon2 verification every password check goes through. An object, so a test can count
 * the verifications a login makes (server/accounts/sessions-api.test.ts) with a spy, which the
 * shared module cache of the unit tests (decision 088) allows where a module mock would not.
 */
export const argon2 = { verify };

export interface PasswordCost {
  readonly memoryCost: number;
  readonly timeCost: number;
}

export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

// The package's Algorithm is an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

/**
 * Passwords are hashed in Unicode NFC: "ü" typed as one character or as "u" + combining diaeresis
 * (macOS input, some password managers) is the same password.
 */
export function hashPassword(password: string, cost: PasswordCost = DEFAULT_PASSWORD_COST): Promise<string> {
  return hash(password.normalize('NFC'), { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
}

/** False for a wrong password and for a stored value that is not an argon2 hash (never throws). */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const normalized = password.normalize('NFC');
  try {
    if (await argon2.verify(stored, normalized)) return true;
    // A hash made before passwords were normalized holds the password as it was typed.
    return normalized !== password && (await argon2.verify(stored, password));
  } catch {
    return false;
  }
}

const dummies = new Map<string, Promise<string>>();

/** The dummy hash of a cost, made once per process (call it at start so no login waits for it). */
export function dummyHash(cost: PasswordCost = DEFAULT_PASSWORD_COST): Promise<string> {
  const key = `${cost.memoryCost}:${cost.timeCost}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(24).toString('base64url'), cost);
    dummies.set(key, dummy);
  }
  return dummy;
}

/** Spends the time of one verification for a user that does not exist; always false. */
export async function verifyAgainstDummy(password: string, cost: PasswordCost = DEFAULT_PASSWORD_COST): Promise<false> {
  await verifyPassword(await dummyHash(cost), password);
  return false;
}

/** True when a stored hash is not argon2id or is cheaper than the current cost (rehash it at login). */
export function needsRehash(stored: string, cost: PasswordCost = DEFAULT_PASSWORD_COST): boolean {
  try {
    const options = parseOptions(stored);
    return options.algorithm !== ARGON2ID || options.memoryCost < cost.memoryCost || options.timeCost < cost.timeCost;
  } catch {
    return true;
  }
}
