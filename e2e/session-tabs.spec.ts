// Two tabs of one browser share the account session (decision 020): when both find the access token
// expired at the same moment, one refreshes it under the shared lock and the other takes the new
// tokens; nobody presents a used refresh token, so both stay logged in.

import { expect, test } from './support/test';
import { createAccount, logIn } from '../model-tests/browser/checkout-support';
import { patchStoredSession, storedSession } from '../model-tests/browser/account-support';
import { hydrated, pathOf, shopUrl } from './support/shop';

test('two tabs logged in, both refresh at once: both stay logged in', async ({ context }) => {
  const overview = shopUrl('de', pathOf('accountOverview', 'de'));
  const a = await context.newPage();
  await a.goto(shopUrl('de', '/'));
  await hydrated(a);
  const account = await createAccount(a);
  await a.goto(overview);
  await hydrated(a);
  await logIn(a, account);
  await expect.poll(async () => (await storedSession(a))?.isLoggedIn).toBe(true);

  const b = await context.newPage();
  await b.goto(shopUrl('de', '/'));
  await hydrated(b);
  await expect(b.getByTestId('header-logout')).toBeAttached();

  // The stored access token has expired: both tabs load it again and ask for account data at once.
  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/account/loginRefresh') refreshes.push(response.status());
  });
  const before = (await storedSession(a))!.refreshToken;
  await patchStoredSession(a, { tokenExpiry: 1 });
  await Promise.all([a.goto(overview), b.goto(overview)]);
  await Promise.all([hydrated(a), hydrated(b)]);

  for (const page of [a, b]) {
    await expect(page.locator('.account-content')).toBeVisible();
    await expect(page.getByTestId('header-logout')).toBeAttached();
  }
  await expect.poll(async () => (await storedSession(b))?.refreshToken).not.toBe(before);
  expect(refreshes).toEqual([200]);
  expect((await storedSession(a))?.isLoggedIn).toBe(true);
});
