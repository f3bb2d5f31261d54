// Paying sellers end to end (issue 29): three guests sell in the German shop — two to be paid by SEPA
// transfer, one by PayPal; their parcels are received and inspected as offered (ops CLI). A payouts
// clerk, added with the ops CLI, signs in to the back office, selects the two SEPA payouts and makes a
// batch, downloads its pain.001.001.09 file (read back: two transactions, the trade numbers as
// end-to-end ids, the control sum), records it as executed; the same for the PayPal payout and its CSV.
// Each seller's trade page then shows the trade paid with the amount of the file. Then the bank sends
// one SEPA transfer back: the clerk records it on the batch, the seller's trade page asks for the
// payout details again and takes a corrected IBAN, and the due list shows the payout due again with
// the account corrected.

import { readFile } from 'node:fs/promises';
import { formatPrice } from '../src/i18n/format';
import { severeViolations } from './support/axe';
import { expect, test } from './support/test';
import { IPHONE, guestTrade } from './support/clarification';
import { ops } from './support/ops';
import { newestMail } from './support/mailbox';
import { HOSTS, hydrated, origin } from './support/shop';
import { signUpStaff } from './support/staff';

const TRADE_LINK = /https?:\/\/[^\s<>"]+\/verkauf\/T[RB]-\d{4}-\d{6,}\?token=[A-Za-z0-9_-]{43}/;
const SEPA = { method: 'sepa', accountHolder: 'Jürgen Weiß', iban: 'DE89 3704 0044 0532 0130 00', bic: '' };

test('a payouts clerk pays two SEPA sellers and a PayPal seller by batch files; their trade pages show the payouts', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 401/.test(m.text())) problems.push(`console: ${m.text()}`);
  });

  // Three guests sell an iPhone each; the warehouse receives and inspects the parcels as offered.
  const shop = await context.newPage();
  const sellers = [];
  for (const payout of [SEPA, SEPA, undefined]) {
    const sale = await guestTrade(shop, 'de', [IPHONE], undefined, payout);
    const link = (await newestMail(shop, sale.email)).match(TRADE_LINK)![0].replace(/^https?:\/\/[^/]+/, origin(HOSTS.de));
    await ops(['trades', 'receive', sale.tradeNumber]);
    expect(await ops(['trades', 'inspect', sale.tradeNumber, '--item', '1'])).toContain('→ inspected');
    sellers.push({ ...sale, link });
  }
  const [first, second, paypal] = sellers as [(typeof sellers)[0], (typeof sellers)[0], (typeof sellers)[0]];

  await signUpStaff(page, 'payouts', 'Paula Zahl');
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();

  // SEPA: the two sellers' payouts are due; select them and make a batch.
  const due = page.locator('.due-payouts');
  await expect(due.getByRole('link', { name: first.tradeNumber })).toBeVisible();
  await expect(due.getByRole('link', { name: paypal.tradeNumber })).toHaveCount(0);
  await due.getByRole('checkbox', { name: `Select ${first.tradeNumber}` }).check();
  await due.getByRole('checkbox', { name: `Select ${second.tradeNumber}` }).check();
  await expect(due.getByRole('status')).toContainText('2 payouts selected');
  expect(await severeViolations(page), 'the due payouts').toEqual([]);
  await due.getByRole('button', { name: 'Make a batch of the selection' }).click();
  await expect(page.getByRole('heading', { name: /^Payout batch PB-\d{6}$/ })).toBeVisible();
  const sepaBatch = page.url();
  await expect(page.locator('.facts')).toContainText('Open: file not executed yet');
  expect(await severeViolations(page), 'an open batch').toEqual([]);

  // The bank file: pain.001.001.09 with the two trades, read back.
  const [sepaDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the bank file (pain.001)' }).click(),
  ]);
  expect(sepaDownload.suggestedFilename()).toMatch(/^PB-\d{6}-pain\.001\.001\.09\.xml$/);
  const xml = await readFile((await sepaDownload.path())!, 'utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml.match(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)).toEqual(['<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>2</NbOfTxs>']);
  expect([...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]).sort()).toEqual(
    [first.tradeNumber, second.tradeNumber].sort(),
  );
  expect(xml).toContain('<Nm>Juergen Weiss</Nm>');
  const amounts = new Map(
    [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>[\s\S]*?<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/g)].map((m) => [
      m[1]!,
      Number(m[2]),
    ]),
  );
  const controlSum = Number(xml.match(/<CtrlSum>([\d.]+)<\/CtrlSum>/)![1]);
  expect(Math.round(controlSum * 100)).toBe(Math.round([...amounts.values()].reduce((a, b) => a + b, 0) * 100));
  test.info().annotations.push({ type: 'pain.001 header', description: xml.slice(0, xml.indexOf('<PmtInf>')) });

  await page.getByRole('button', { name: 'Record as executed' }).click();
  await expect(page.locator('.facts')).toContainText('Executed');
  await expect(page.locator('.batch-entries tbody tr')).toHaveCount(2);
  await expect(page.locator('.batch-entries')).not.toContainText('Waiting for execution');

  // PayPal: its own tab, its own batch and CSV file.
  await page.getByRole('link', { name: 'All payouts' }).click();
  await page.getByRole('link', { name: 'PayPal' }).click();
  await expect(due.getByRole('link', { name: first.tradeNumber })).toHaveCount(0);
  await due.getByRole('checkbox', { name: `Select ${paypal.tradeNumber}` }).check();
  await due.getByRole('button', { name: 'Make a batch of the selection' }).click();
  const [paypalDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the PayPal file (CSV)' }).click(),
  ]);
  expect(paypalDownload.suggestedFilename()).toMatch(/^PB-\d{6}-paypal-payouts\.csv$/);
  const csv = await readFile((await paypalDownload.path())!, 'utf8');
  const [row] = csv.trim().split('\r\n');
  const paypalAmount = Number(
    row!
      .match(/^erika\.paypal@example\.com,"(\d+),(\d\d)",EUR,/)!
      .slice(1)
      .join('.'),
  );
  expect(row).toContain(`,EUR,${paypal.tradeNumber},`);
  await page.getByRole('button', { name: 'Record as executed' }).click();
  await expect(page.locator('.facts')).toContainText('Executed');

  // Each seller's trade page shows the trade paid with the amount of the file.
  amounts.set(paypal.tradeNumber, paypalAmount);
  for (const seller of sellers) {
    await shop.goto(seller.link);
    await hydrated(shop);
    const card = shop.locator(`.trade-card[data-trade-number="${seller.tradeNumber}"]`);
    await expect(card.getByTestId('trade-event-paid')).toContainText(formatPrice('de', amounts.get(seller.tradeNumber)!));
    await expect(card.locator('[data-item-status="paid"]')).toHaveCount(1);
  }

  // The bank sends the first seller's transfer back: the clerk records it with the bank's reason.
  await page.goto(sepaBatch);
  const returnedRow = page.locator(`.batch-entries tr[data-trade-number="${first.tradeNumber}"]`);
  await returnedRow.getByRole('button', { name: `Record a bank return of ${first.tradeNumber}` }).click();
  await returnedRow.getByLabel('Reason given by the bank or PayPal').fill('AC04 account closed');
  expect(await severeViolations(page), 'the bank return form').toEqual([]);
  await returnedRow.getByRole('button', { name: 'Record the return' }).click();
  await expect(returnedRow).toContainText('Returned by the bank');
  await expect(returnedRow).toContainText('AC04 account closed');

  // The seller's trade page asks for the payout details again and takes the corrected ones.
  await shop.goto(first.link);
  await hydrated(shop);
  const correction = shop.getByTestId('payout-correction');
  await expect(correction.getByRole('heading', { name: 'Ihre Auszahlung kam zurück' })).toBeVisible();
  await expect(shop.getByTestId('trade-event-payout-returned')).toBeVisible();
  expect(await severeViolations(shop), 'the payout correction').toEqual([]);
  await correction.getByLabel('Kontoinhaber', { exact: true }).fill('Jürgen Weiß');
  await correction.getByLabel('IBAN', { exact: true }).fill('DE02 1203 0000 0000 2020 51');
  await correction.getByRole('button', { name: 'Auszahlungsdaten speichern' }).click();
  await expect(correction.getByText('Danke: Sie haben Ihre Auszahlungsdaten korrigiert.', { exact: false })).toBeVisible();
  await expect(shop.locator('.trade-payout-account')).toContainText('DE02');

  // Due again, with the account corrected since the return.
  await page.getByRole('link', { name: 'All payouts' }).click();
  await expect(due.getByRole('link', { name: first.tradeNumber })).toBeVisible();
  await expect(due.locator('tr', { hasText: first.tradeNumber })).toContainText('account corrected since');
  expect(problems).toEqual([]);
});
