// Sending declined devices back (issue 29 item 5): a guest sells a phone that the warehouse finds
// cracked (ops CLI); the seller declines the lower offer; an inspector sees the trade among the returns
// with the device, the seller's address and the return label (a PDF on the shop), marks it as sent, and
// the seller's trade page shows the device returned.

import { severeViolations } from './support/axe';
import { expect, test } from './support/test';
import { IPHONE, guestTrade, mailedLinks } from './support/clarification';
import { ops } from './support/ops';
import { newestMail } from './support/mailbox';
import { HOSTS, PORT, hydrated, origin } from './support/shop';
import { signUpStaff } from './support/staff';

const TRADE_LINK = /https?:\/\/[^\s<>"]+\/verkauf\/T[RB]-\d{4}-\d{6,}\?token=[A-Za-z0-9_-]{43}/;

test('an inspector sends a declined phone back with its return label, and the seller sees it returned', async ({ page, context }) => {
  test.setTimeout(180_000);
  const shop = await context.newPage();
  const { tradeNumber, email } = await guestTrade(shop, 'de', [IPHONE]);
  const tradeLink = (await newestMail(shop, email)).match(TRADE_LINK)![0].replace(/^https?:\/\/[^/]+/, origin(HOSTS.de));
  await ops(['trades', 'receive', tradeNumber]);
  expect(await ops(['trades', 'inspect', tradeNumber, '--item', '1', '--answer', 'display=cracked'])).toContain('→ clarification');
  const { full } = await mailedLinks(shop, 'de', email);
  const clarificationId = full.match(/\/clarification\/([0-9a-f-]{36})\//)![1]!;
  expect(await ops(['trades', 'clarification', 'answer', tradeNumber, clarificationId, 'decline'])).toContain('→ declined');

  await signUpStaff(page, 'inspector', 'Rita Rück');
  await page.getByRole('link', { name: 'Returns' }).click();
  await expect(page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: tradeNumber });
  await expect(row).toContainText('Erika Mustermann');
  await expect(row).toContainText('Heidestraße 17, 51147 Köln');
  await expect(row).toContainText('iPhone');
  expect(await severeViolations(page), 'the returns').toEqual([]);
  // The label is the shop's PDF: fetched from a page of the German shop (same origin).
  const label = (await row.getByRole('link', { name: 'Return label (PDF)' }).getAttribute('href'))!;
  expect(new URL(label).host).toBe(`${HOSTS.de}:${PORT}`);
  await shop.goto(tradeLink);
  const pdf = await shop.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type') };
  }, label);
  expect(pdf).toEqual({ status: 200, type: 'application/pdf' });

  await row.getByRole('button', { name: `Mark ${tradeNumber} as sent` }).click();
  await expect(page.getByRole('row').filter({ hasText: tradeNumber })).toHaveCount(0);

  await shop.reload();
  await hydrated(shop);
  const card = shop.locator(`.trade-card[data-trade-number="${tradeNumber}"]`);
  await expect(card.locator('[data-item-status="returned"]')).toHaveCount(1);
});
