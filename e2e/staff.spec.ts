// The back office end to end (product §11.10): the operator creates an inspector with the ops CLI,
// who sets a password through the printed link and enrols the authenticator app on the first sign-in
// (the test computes the codes from the key the screen shows); a guest sells two phones in the German
// shop; the inspector scans the parcel (the scanner types the trade number and Enter), inspects the
// iPhone as offered with its IMEI and a confirmed wipe and the Galaxy worse (cracked display, with a
// photo); saving mails the seller the clarification with the iPhone's data-erasure certificate, whose
// PDF opens. The audit log names the inspector for each step.

import { expect, test } from './support/test';
import { GALAXY, IPHONE, guestTrade } from './support/clarification';
import { ops } from './support/ops';
import { newestMail } from './support/mailbox';
import { PORT } from './support/shop';
import { signUpStaff } from './support/staff';

/** A 15-digit IMEI whose check digit is right (Luhn), and one whose last digit is wrong. */
const IMEI = '490154203237518';
const WRONG_IMEI = '490154203237519';
const CERTIFICATE_LINK = /https?:\/\/[^\s<>"]+\/api\/certificates\/[0-9a-f-]{36}\.pdf\?token=[A-Za-z0-9_-]{43}/;

test('an inspector signs up, scans a parcel, inspects two phones and the seller gets the clarification and the erasure certificate', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // No page error, no console error; the one 401 allowed is the app asking whether anyone is signed in.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (401|404)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() === 401 && new URL(response.url()).pathname !== '/api/staff/me') problems.push(`401 from ${response.url()}`);
  });
  const { email: inspectorEmail } = await signUpStaff(page, 'inspector', 'Ines Prüfer');
  await expect(page.getByRole('heading', { name: 'Receive parcels' })).toBeVisible();

  // A guest sells two phones in the German shop (its own tab: the mailbox is a shop page).
  const shop = await context.newPage();
  const { tradeNumber, email } = await guestTrade(shop, 'de', [IPHONE, GALAXY]);

  // The scanner types the label's trade number and Enter.
  const scan = page.getByLabel('Trade number');
  await expect(scan).toBeFocused();
  await scan.fill(tradeNumber);
  const enter = Date.now();
  await scan.press('Enter');
  await expect(page.getByText(`Received ${tradeNumber}`)).toBeVisible();
  const scanMs = Date.now() - enter;
  console.log(`scan-receive: ${scanMs} ms from Enter to the confirmation`);
  await expect(scan).toBeFocused();
  await expect(scan).toHaveValue('');
  await page.getByRole('link', { name: `Inspect ${tradeNumber}` }).click();
  await expect(page.getByRole('heading', { name: `Trade ${tradeNumber}` })).toBeVisible();

  // One region per device, named by its number and name.
  const iphone = page.getByRole('region', { name: '1. Apple iPhone 13 128 GB' });
  const galaxy = page.getByRole('region', { name: /^2\. Samsung Galaxy/ });
  await expect(galaxy).toBeVisible();

  // The iPhone as offered: its IMEI (a wrong check digit is caught while typing), the wipe confirmed.
  await expect(iphone.getByText(/As offered: pays/)).toBeVisible();
  const iphoneImei = iphone.getByLabel('IMEI or serial number');
  await iphoneImei.fill(WRONG_IMEI);
  await expect(iphone.getByText(/check digit/i)).toBeVisible();
  await iphoneImei.fill(IMEI);
  await expect(iphone.getByText('Checked: the number is valid.')).toBeVisible();
  await iphone.getByLabel(/Factory reset of the encrypted device/).check();

  // The Galaxy worse than declared: a cracked display, its serial number and a photo.
  await galaxy.getByLabel('Found: In welchem Zustand ist das Display?').selectOption('31024');
  await expect(galaxy.getByText(/Worse than offered: the seller gets a counter-offer of/)).toBeVisible();
  await galaxy.getByLabel('IMEI or serial number').fill('R58M12ABCDE');
  // A photo as a desk camera gives it: a JPEG (drawn by the browser's canvas).
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#345';
    context.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
  });
  await galaxy
    .getByLabel('Choose photo files')
    .setInputFiles({ name: 'display.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  await expect(galaxy.getByRole('img', { name: /Photo 1 of/ })).toBeVisible();
  await expect(galaxy.getByText('No wipe yet: the device waits for the seller’s answer.')).toBeVisible();

  // Made for a desk, usable on a phone: at 390 px nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Review and save' }).click();
  await expect(page.getByText(/After saving, the seller is asked about 1 device/)).toBeVisible();
  await page.getByRole('button', { name: 'Save the inspection' }).click();
  await expect(page.getByText('Saved. The seller is asked about the devices found worse.')).toBeVisible();

  // The seller's mail: the clarification of the Galaxy, with the iPhone's certificate link.
  // Its subject names the question, so the mail before it (the parcel arrived) cannot stand in for it.
  const mail = await newestMail(shop, email, 'eine Rückfrage zu Ihren Geräten');
  expect(mail).toMatch(/\/clarification\//);
  const certificate = mail.match(CERTIFICATE_LINK)?.[0];
  expect(certificate, mail).toBeTruthy();
  const pdf = await shop.request.get(certificate!.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${PORT}`));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The saved trade in the back office links the same certificate.
  await page.getByRole('button', { name: 'Show the saved trade' }).click();
  await expect(iphone.getByRole('link', { name: 'Certificate (PDF)' })).toBeVisible();

  // The audit log names the inspector for the receipt and the inspection.
  const audit = await ops(['audit', 'list', '--trade', tradeNumber]);
  expect(audit).toMatch(new RegExp(`trade\\.received.*${inspectorEmail}|${inspectorEmail}.*trade\\.received`));
  expect(audit).toMatch(new RegExp(`trade\\.inspected.*${inspectorEmail}|${inspectorEmail}.*trade\\.inspected`));
  expect(problems).toEqual([]);
});
