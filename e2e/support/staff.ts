// A staff user as the back office gets one: the operator adds them with the ops CLI, which prints a
// one-time link on the staff host; they set a password there and, on the first sign-in, enrol the
// authenticator app (the test computes the codes from the key the screen shows).

import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import type { StaffRole } from '../../src/contracts/staff';
import { ops } from './ops';
import { expect } from './test';

export const STAFF_PASSWORD = 'a long staff passphrase 42';

/**
 * Adds a staff user with `role` and signs them in on `page`, up to the first page the role sees;
 * `secret`: the key of their authenticator app (for later codes).
 */
export async function signUpStaff(page: Page, role: StaffRole, name: string): Promise<{ email: string; secret: string }> {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@tradein.test`;
  // Each staff member signs in from a desk of their own (the e2e server trusts X-Forwarded-For): the
  // back office's per-address sign-in limit would otherwise count the whole suite's sign-ins together.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` });
  const added = await ops(['staff', 'add', '--email', email, '--role', role, '--name', name]);
  const link = added.match(/https?:\/\/staff\.localhost:\d+\/set-password\?token=\S+/)?.[0];
  expect(link, added).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('New password again').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  // First sign-in: password, then the enrolment with the QR code and the key to type.
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.locator('code.secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  return { email, secret };
}
