// Every constraint of the server configuration is real and written in the README (issue 31: a
// METRICS_TOKEN under 16 characters stopped the server although the README did not say so).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const schemaSource = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');

/** The README's configuration row of a variable. */
const rowOf = (name: string) => readme.split('\n').find((line) => line.startsWith('| ') && line.split('|')[1]!.includes(`\`${name}\``));

/** A value each variable refuses, and the words of the README row that name the constraint. */
const REFUSED: Record<string, { readonly value: string; readonly documented: string }> = {
  NODE_ENV: { value: 'staging', documented: '`production`, `development`, `test`' },
  PORT: { value: '70000', documented: 'an integer 0–65535' },
  HOST: { value: '', documented: 'not empty' },
  LOG_LEVEL: { value: 'verbose', documented: '`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`' },
  DATABASE_URL: { value: 'mysql://db', documented: 'starts with `postgres://` or `postgresql://`' },
  DATA_DIR: { value: '', documented: 'not empty' },
  SEARCH_URL: { value: 'search engine', documented: 'a URL' },
  SEARCH_BASIC_AUTH: { value: 'user', documented: '`user:password`' },
  SMTP_URL: { value: 'http://smtp.example.com', documented: 'starts with `smtp://` or `smtps://`' },
  SMTP_STARTTLS: { value: 'always', documented: '`opportunistic`, `required`, `off`' },
  SMTP_CA_FILE: { value: '/no/such/ca.pem', documented: 'a readable PEM file' },
  METRICS_TOKEN: { value: 'x'.repeat(15), documented: 'at least 16 characters' },
  API_DOCS: { value: 'yes', documented: '`1`, `0`, `true`, `false`' },
  MAIL_WORKER: { value: 'remote', documented: '`inline` or `off`' },
  PUBLIC_ORIGINS: { value: 'nl=https://www.tradein.nl', documented: '`default`, `de`, `at`, `es`, `fr`, `it`, `agan`, `staff`' },
  LABEL_SECRET: { value: 'x'.repeat(31), documented: 'at least 32 characters' },
  AUTH_SECRET: { value: 'x'.repeat(31), documented: 'at least 32 characters' },
  NEWSLETTER_SECRET: { value: 'x'.repeat(31), documented: 'at least 32 characters' },
  CONTACT_SECRET: { value: 'x'.repeat(31), documented: 'at least 32 characters' },
  CLARIFICATION_DAYS: { value: '91', documented: 'a number 0–90' },
  PRICE_WARNING_DAYS: { value: '2.5', documented: 'an integer 0–30' },
  STAFF_IDLE_MINUTES: { value: '4', documented: 'an integer 5–240' },
  PAYOUT_DEBTOR_NAME: { value: 'x'.repeat(71), documented: '1–70 characters' },
  PAYOUT_DEBTOR_IBAN: { value: 'DE00 1234', documented: 'a valid IBAN' },
  PAYOUT_DEBTOR_BIC: { value: 'ABCDE', documented: 'a BIC of 8 or 11 characters or empty' },
  REDIS_URL: { value: 'http://127.0.0.1:6379', documented: 'starts with `redis://` or `rediss://`' },
  WIDGET_FRAME_ANCESTORS: { value: 'https://partner.example/page', documented: 'no path' },
  AGANWIDGET_FRAME_ANCESTORS: { value: 'partner.example', documented: 'the same form' },
  DEV_MAILBOX: { value: 'yes', documented: '`1`, `0`, `true`, `false`' },
  TEST_OPS_ENDPOINT: { value: 'yes', documented: '`1`, `0`' },
};

describe('the server configuration', () => {
  const variables = [...schemaSource.matchAll(/^ {2}([A-Z][A-Z0-9_]+): z/gm)].map((m) => m[1]!);

  it('has a README row naming its constraint in bold for every variable it reads', () => {
    expect(variables.length).toBeGreaterThan(25);
    for (const name of variables) expect(rowOf(name), name).toMatch(/\*\*[^*]+\*\*/);
  });

  it.each(Object.entries(REFUSED))('refuses a %s outside its documented constraint', (name, { value, documented }) => {
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
    expect(rowOf(name)).toContain(documented);
  });

  it('checks every variable that has a constraint (TRUST_PROXY takes any value)', () => {
    expect(variables.filter((name) => !(name in REFUSED))).toEqual(['TRUST_PROXY']);
  });

  it('takes the values at the edges of the constraints', () => {
    expect(readConfig({ METRICS_TOKEN: 'x'.repeat(16), PORT: '65535', STAFF_IDLE_MINUTES: '240', PAYOUT_DEBTOR_BIC: '' })).toMatchObject({
      METRICS_TOKEN: 'x'.repeat(16),
      PORT: 65535,
      STAFF_IDLE_MINUTES: 240,
    });
  });
});
