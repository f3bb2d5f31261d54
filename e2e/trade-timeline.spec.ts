// The trade after the parcel leaves (product §11.9), on de and it: a guest sells two phones; the
// operator receives them and inspects one worse than declared (ops CLI); the seller accepts the new
// offer in one click from the mail's quick-answer link; the operator pays. The guest trade page,
// reached by the confirmation mail's link on a phone, shows every step with its date and the paid
// amount, and the outbox holds one mail per step. (Every device's evidence photo: e2e/clarification.spec.ts.)

import { expect, test } from './support/test';
import type { Locale } from '../src/config/locales';
import { formatDate, formatPrice } from '../src/i18n/format';
import { GALAXY, IPHONE, guestTrade, mailedLinks } from './support/clarification';
import { ops } from './support/ops';
import { mailSubjects, newestMail } from './support/mailbox';
import { HOSTS, hydrated, origin, translate, watchErrors } from './support/shop';

const PHONE = { width: 390, height: 844 };
const TRADE_LINK = /https?:\/\/[^\s<>"]+\/(?:verkauf|vendita)\/T[RB]-\d{4}-\d{6,}\?token=[A-Za-z0-9_-]{43}/;

for (const locale of ['de', 'it'] as const satisfies readonly Locale[]) {
  test(`${locale}: a guest follows the trade from the mails to the payout, one mail per step`, async ({ page }) => {
    test.setTimeout(150_000);
    const noErrors = watchErrors(page);
    const t = (english: string) => translate(locale, english);
    const money = (amount: number) => formatPrice(locale, amount);
    const rebase = (url: string) => url.replace(/^https?:\/\/[^/]+/, origin(HOSTS[locale]));
    const { tradeNumber, email } = await guestTrade(page, locale, [IPHONE, GALAXY]);

    // The confirmation mail links to the trade page; on a phone it shows the sale and its label.
    const tradeLink = rebase((await newestMail(page, email)).match(TRADE_LINK)![0]);
    await page.setViewportSize(PHONE);
    const first = await page.goto(tradeLink);
    expect(first?.status()).toBe(200);
    // Rendered on the server: the first HTML already holds the trade.
    expect(await first?.text()).toContain(tradeNumber);
    await hydrated(page);
    const card = page.locator(`.trade-card[data-trade-number="${tradeNumber}"]`);
    await expect(card.locator('.trade-event')).toHaveCount(2);

    await ops(['trades', 'receive', tradeNumber]);
    expect(await ops(['trades', 'inspect', tradeNumber, '--item', '1', '--item', '2', '--answer', 'display=cracked'])).toContain(
      '→ clarification',
    );

    // One click on the mail's quick answer decides.
    const { quick } = await mailedLinks(page, locale, email);
    expect(quick).toHaveLength(1);
    await page.goto(quick[0]!);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
    await expect(page.locator('[data-answer="accepted"]')).toHaveCount(1);

    const paid = await ops(['trades', 'pay', tradeNumber]);
    const [, euros, cents] = paid.match(/paid (\d+)\.(\d\d) EUR/)!;
    const amount = Number(`${euros}.${cents}`);

    await page.goto(tradeLink);
    await hydrated(page);
    await expect(card.locator('.trade-event')).toHaveCount(7);
    expect(await card.locator('.trade-event').evaluateAll((events) => events.map((e) => (e as HTMLElement).dataset.event))).toEqual([
      'created',
      'labelIssued',
      'received',
      'inspected',
      'clarificationOpened',
      'clarificationAnswered',
      'paid',
    ]);
    const today = formatDate(locale, new Date());
    for (const date of await card.locator('.trade-event time').allTextContents()) expect(date).toBe(today);
    await expect(card.getByTestId('trade-event-paid')).toContainText(money(amount));
    await expect(card.getByTestId('trade-paid-total')).toContainText(money(amount));
    await expect(card.locator('[data-item-status="paid"]')).toHaveCount(2);
    // Nothing on the phone is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // One mail per step: confirmation, received, the question (inspection), the answer, the payout.
    await expect.poll(async () => (await mailSubjects(page, email)).length, { timeout: 15_000 }).toBe(5);
    const subjects = await mailSubjects(page, email);
    for (const subject of subjects) expect(subject).toContain(tradeNumber);
    test.info().annotations.push({ type: 'mails', description: subjects.join(' | ') });
    noErrors();
  });
}
