// Trades in clarification for the browser tests (e2e/clarification.spec.ts, the clarification
// flow's model paths): a guest trade through the API, received and inspected worse by the operator
// (the operator commands, run by the e2e server: ./ops.ts), and the links of the clarification mail
// (developer mailbox).

import { type Page } from '@playwright/test';
import { expect } from './test';
import { newestMail } from './mailbox';
import type { Locale } from '../../src/config/locales';
import { HOSTS, origin, shopUrl } from './shop';

export const IPHONE = 101800;
export const GALAXY = 105400;
/** Phone questions of the seed catalogue: every answer at its best. */
export const BEST = { 20101: 31011, 20102: 31021, 20103: 31031, 20104: 31041, 20105: 31051, 20106: 31061 };
const POSTAL: Partial<Record<Locale, string>> = { de: '51147', fr: '75001', it: '20121' };

/** Calls the shop's API from the page (its host picks the shop; Node's fetch would drop the Host header). */
export const postFromPage = (page: Page, path: string, body: unknown, headers: Record<string, string> = {}) =>
  page.evaluate(
    async ({ path, body, headers }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, body, headers },
  );

/** A guest trade of `devices` in `locale`, created through the API; its number and the seller's e-mail. */
export async function guestTrade(
  page: Page,
  locale: Locale,
  devices: number[],
  /** The seller's address; a new one by default. */
  sellerEmail?: string,
  /** How the seller is paid; PayPal by default. */
  payout: Record<string, string> = { method: 'paypal', email: 'erika.paypal@example.com' },
): Promise<{ tradeNumber: string; email: string }> {
  const email = sellerEmail ?? `seller+${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const tradeNumber = await trade(page, locale, devices, { kind: 'guest', email }, {}, payout);
  return { tradeNumber, email };
}

/** A trade of `devices` by the customer logged in with `password` (the API's login, then its bearer token); its number. */
export async function customerTrade(
  page: Page,
  locale: Locale,
  devices: number[],
  account: { email: string; password: string },
): Promise<string> {
  await onShopHost(page, locale);
  const login = await postFromPage(page, '/api/account/login', { username: account.email, password: account.password });
  expect(login.status, 'the customer logs in').toBe(200);
  const authorization = `Bearer ${(login.body as { access_token: string }).access_token}`;
  return trade(page, locale, devices, { kind: 'customer' }, { authorization }, { method: 'paypal', email: 'erika.paypal@example.com' });
}

/** The calls need a page of the shop's host: its home page, unless the page is on that host already. */
async function onShopHost(page: Page, locale: Locale) {
  if (new URL(page.url()).origin !== origin(HOSTS[locale])) await page.goto(shopUrl(locale, '/'));
}

async function trade(
  page: Page,
  locale: Locale,
  devices: number[],
  identity: Record<string, string>,
  headers: Record<string, string>,
  payout: Record<string, string>,
): Promise<string> {
  await onShopHost(page, locale);
  const offerIds: string[] = [];
  for (const deviceId of devices) {
    const offer = await postFromPage(page, '/api/offers', { deviceId, answers: BEST });
    expect(offer.status).toBe(201);
    offerIds.push(offer.body.offerId);
  }
  const created = await postFromPage(
    page,
    '/api/trades',
    {
      offerIds,
      identity,
      address: {
        firstName: 'Erika',
        lastName: 'Mustermann',
        street: 'Heidestraße',
        houseNumber: '17',
        postalCode: POSTAL[locale],
        city: 'Köln',
      },
      payout,
      termsAccepted: true,
    },
    { 'Idempotency-Key': crypto.randomUUID(), ...headers },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.tradeNumber;
}

/** The clarification links of the newest mail to `email` (developer mailbox), rebased on the test server. */
export async function mailedLinks(page: Page, locale: Locale, email: string): Promise<{ full: string; quick: string[] }> {
  // The mail before it (the parcel arrived) may still be the newest for a moment: wait for the link.
  const clarificationLink = /https?:\/\/[^\s<>"]+\/clarification\/[0-9a-f-]{36}\/TR-[^\s<>"?]+\?token=[^\s<>"]+/;
  let text = '';
  await expect
    .poll(async () => clarificationLink.test((text = await newestMail(page, email))), {
      message: 'the clarification mail',
      timeout: 15_000,
    })
    .toBe(true);
  const rebase = (url: string) => url.replace(/^https?:\/\/[^/]+/, origin(HOSTS[locale]));
  const full = text.match(clarificationLink)?.[0];
  // The mailbox shows each link twice (as its address and as the anchor's target).
  const quick = [
    ...new Set([...text.matchAll(/https?:\/\/[^\s<>"]+\/clarificationQuickAnswer\/[^\s<>"?]+\?token=[^\s<>"]+/g)].map((m) => rebase(m[0]))),
  ];
  expect(full, 'the mail links to the clarification').toBeTruthy();
  return { full: rebase(full!), quick };
}
