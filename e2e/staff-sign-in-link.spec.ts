// The back office's way back in that an attacker cannot block (decision 081), end to end: an
// inspector signs up (ops CLI link, password, authenticator app); on another browser a stranger's 5
// wrong passwords lock the account, so the right password is refused too; the sign-in screen then
// offers a sign-in link, the mail (read in the developer mailbox) holds it, and the link's page with
// the app's code signs the inspector in to their first page while the password stays locked.

import { generate } from 'otplib';
import { newestMail } from './support/mailbox';
import { PORT, shopUrl } from './support/shop';
import { signUpStaff, STAFF_PASSWORD } from './support/staff';
import { expect, test } from './support/test';

const STAFF_ORIGIN = `http://staff.localhost:${PORT}`;

test('a locked staff member signs in with the mailed sign-in link and the authenticator code', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));

  // The inspector's own browser: sign up and enrol the authenticator app.
  const own = await browser.newContext();
  const { email, secret } = await signUpStaff(await own.newPage(), 'inspector', 'Lena Link');
  await own.close();

  // Another browser: a stranger's 5 wrong passwords lock the account; then the right one is refused as well.
  await page.goto(`${STAFF_ORIGIN}/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  for (let i = 1; i <= 5; i += 1) {
    await page.getByLabel('Password').fill(`not the password ${i}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(i < 5 ? 'The e-mail address or the password is wrong.' : 'locked for 15 minutes');
  }
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('locked');

  // The way back in: a sign-in link by mail.
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} belongs to a back-office account, we have sent it a sign-in link.`);
  const mailbox = await page.context().newPage();
  await mailbox.goto(shopUrl('de', '/'));
  const mail = await newestMail(mailbox, email, 'Your sign-in link for the back office');
  const link = mail.match(/https?:\/\/staff\.localhost:\d+\/sign-in-link\?token=[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, 'the mail holds a link to /sign-in-link?token=…').toBeTruthy();
  await mailbox.close();

  // The link's page asks for the code (of the next 30-second step: the enrolment used the current one).
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Sign in with your link' })).toBeVisible();
  await page.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Receive parcels' })).toBeVisible();
  await expect(page.getByText('Lena Link')).toBeVisible();

  expect(problems).toEqual([]);
});
