// The rule of the e2e log check: what a log line must never hold, and what it may.

import { describe, expect, it } from 'vitest';
import { findingsOf } from './e2e-log-check.mjs';

describe('the e2e log check', () => {
  it.each([
    ['{"msg":"mail failed","to":"erika@example.com"}', 'e-mail address'],
    ['{"iban":"DE89370400440532013000"}', 'IBAN'],
    ['{"iban":"DE89 3704 0044 0532 0130 00"}', 'IBAN'],
    ['{"body":{"password":"Geheim123!"}}', 'password'],
    ['{"url":"/account/register?token=abcdefghijklmnopqrstuvwxyz012345"}', 'link token'],
    ['{"authorization":"Bearer abcdefghijklmnop.qrstuvwxyz"}', 'bearer token'],
    ['{"jwt":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig"}', 'JWT'],
  ])('finds %s', (line, kind) => {
    expect(findingsOf(line)).toContain(kind);
  });

  it.each([
    '{"level":30,"req":{"method":"POST","url":"/api/trades"},"msg":"incoming request"}',
    '{"tradeNumber":"TR-2026-000123","locale":"de","msg":"confirmation mail sent"}',
    '{"body":{"password":"[redacted]"}}',
    '{"mailId":"0b5c7a9e-3f1d-4c2b-9a8e-1d2c3b4a5f6e","attempt":1,"msg":"mail sent"}',
    '{"reqId":"req-1a","responseTime":3.2,"statusCode":201}',
  ])('lets %s pass', (line) => {
    expect(findingsOf(line)).toEqual([]);
  });
});
