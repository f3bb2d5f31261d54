// Opaque tokens (refresh, activation, identifier, reset): 32 random bytes in base64url, 43 characters
// (ONE_TIME_TOKEN_PATTERN). Only their sha256 is stored, so a database leak hands out no usable token.

import { createHash, randomBytes } from 'node:crypto';
import { ONE_TIME_TOKEN_PATTERN } from '../../src/contracts/account';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A value that can be one of our tokens (checked before any database look-up). */
export const isTokenShaped = (value: unknown): value is string => typeof value === 'string' && ONE_TIME_TOKEN_PATTERN.test(value);
