// The support inbox end to end (issue 29 item 6): a seller writes through the Spanish shop's contact
// form; a support user, added with the ops CLI, finds the message in the back office's inbox (filtered
// by country), assigns it to themselves, answers it — the reply is in the mail outbox (ops CLI `mail
// list`) with the reference in a Spanish subject and reaches the seller's mailbox with the answer and
// the quoted message — and closes it.

import { severeViolations } from './support/axe';
import { expect, test } from './support/test';
import { ops } from './support/ops';
import { newestMail } from './support/mailbox';
import { afterFillTime, formTicketed, hydrated, pathOf, shopUrl, translate } from './support/shop';
import { signUpStaff } from './support/staff';

test('support answers a contact message: the reply is in the outbox, in the seller’s language, and the message is closed', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));

  // The seller writes from the Spanish shop (from an address of its own: the form limits messages per address).
  const shop = await context.newPage();
  await shop.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${process.pid % 250}.${Date.now() % 250}` });
  const stamp = `inbox-${Date.now()}`;
  const email = `vendedor+${stamp}@example.org`;
  const t = (english: string) => translate('es', english);
  const ticketed = formTicketed(shop);
  await shop.goto(shopUrl('es', pathOf('contact', 'es')));
  await hydrated(shop);
  const form = shop.getByTestId('contact-form');
  await form.locator('select[name="subject"]').selectOption('orderStatus');
  await form.locator('input[name="name"]').fill('Lucía Pérez');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('textarea[name="message"]').fill(`¿Dónde está mi pedido? (${stamp})`);
  // The server refuses forms sent faster than a person types (3 s after the form opened).
  await afterFillTime(shop, ticketed);
  await form.getByRole('button', { name: t('Send message') }).click();
  const sent = shop.getByTestId('contact-sent');
  await expect(sent).toBeVisible();
  const reference = (await sent.textContent())?.match(/KM-\d{4}-[0-9A-F]{8}/)?.[0];
  expect(reference, 'the reference on the thank-you note').toBeTruthy();

  // Support finds it in the inbox among Spain's open messages.
  await signUpStaff(page, 'support', 'Sara Soporte');
  await page.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await page.getByLabel('Country').selectOption('es');
  await expect(page).toHaveURL(/locale=es/);
  const row = page.getByRole('row').filter({ hasText: reference! });
  await expect(row).toContainText('Lucía Pérez');
  await expect(row).toContainText('Status of a trade');
  await expect(row).toContainText('Nobody yet');
  expect(await severeViolations(page), 'the inbox').toEqual([]);
  await row.getByRole('link', { name: reference! }).click();

  // The message: assign it to me, answer it.
  await expect(page.getByRole('heading', { name: `Message ${reference}`, level: 1 })).toBeVisible();
  await expect(page.locator('.message-text').first()).toHaveText(`¿Dónde está mi pedido? (${stamp})`);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.locator('.assignment [role="status"]')).toContainText('Sara Soporte');
  await page.getByLabel('Your answer to Lucía Pérez').fill('Tu paquete llegó ayer; lo revisamos hoy.');
  expect(await severeViolations(page), 'the message screen').toEqual([]);
  await page.getByRole('button', { name: 'Send the reply' }).click();
  await expect(page.getByText('The reply is in the outbox and goes out in a moment.')).toBeVisible();
  await expect(page.locator('.replies')).toContainText('Tu paquete llegó ayer; lo revisamos hoy.');
  await expect(page.getByLabel('Your answer to Lucía Pérez')).toHaveValue('');

  // The reply is in the outbox, to the seller, with the reference in a Spanish subject …
  const subject = `Re: tu mensaje ${reference}`;
  const outbox = await ops(['mail', 'list', '--limit', '200']);
  const line = outbox.split('\n').find((l) => l.includes(subject));
  expect(line, `the outbox lists "${subject}"`).toBeTruthy();
  expect(line).toContain(email);
  // … and reaches the seller: the answer, how to write back, and the quoted message.
  const mail = await newestMail(shop, email, subject);
  expect(mail).toContain('Tu paquete llegó ayer; lo revisamos hoy.');
  expect(mail).toContain(`Hola, Lucía Pérez:`);
  expect(mail).toContain('Tu mensaje del ');
  // The mailbox page shows the text as HTML: the quote's ">" is escaped.
  expect(mail).toContain(`&gt; ¿Dónde está mi pedido? (${stamp})`);

  // Closed: no reply form any more, the inbox lists it among the closed ones.
  await page.getByRole('button', { name: 'Close the message' }).click();
  await expect(page.getByText('This message is closed. Reopen it to reply.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your answer to Lucía Pérez' })).toHaveCount(0);
  await page.getByRole('link', { name: 'All messages' }).click();
  await page.getByLabel('State').selectOption('closed');
  await expect(page.getByRole('row').filter({ hasText: reference! })).toContainText('Sara Soporte');
  expect(await ops(['audit', 'list', '--action', 'support.replied'])).toContain(reference!);
  expect(problems).toEqual([]);
});
