// What a new password must be beyond the contract's length rule (OWASP ASVS 5 §6.2.4, §6.2.11): not
// one of the most common passwords (data/security/common-passwords.txt, compared lower-cased) and
// not the account's e-mail address or its local part. No composition rules (§6.2.5).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../platform/paths';

export const COMMON_PASSWORDS_FILE = join(PROJECT_ROOT, 'data', 'security', 'common-passwords.txt');

export const PASSWORD_TOO_COMMON = 'This password is one of the most common passwords. Please choose another one.';
export const PASSWORD_IS_EMAIL = 'The password must not be your e-mail address.';

let common: ReadonlySet<string> | undefined;

/** The list, read once; lines starting with # are comments. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split(/\r?\n/)
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return common;
}

/** Why `password` may not be used by the account with `email` (lower-cased), or undefined. */
export function passwordProblem(password: string, email: string): string | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return PASSWORD_TOO_COMMON;
  const trimmed = lower.trim();
  const localPart = email.slice(0, email.lastIndexOf('@'));
  if (trimmed === email || trimmed === localPart) return PASSWORD_IS_EMAIL;
  return undefined;
}
