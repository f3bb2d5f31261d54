// The developer mailbox (GET /dev/mailbox, served with DEV_MAILBOX=1) as the e2e tests read it:
// through the page, because the shop's host names resolve inside Chromium, not in Node.

import { expect, type Page } from '@playwright/test';

const read = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, text: await response.text() };
  }, path);

/**
 * The text page of the newest mail to `email` whose list row contains `subject` (any mail to `email`
 * without one), waiting up to 15 s for it: mail leaves through the outbox a moment after the answer.
 */
export async function newestMail(page: Page, email: string, subject = ''): Promise<string> {
  let message: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await read(page, '/dev/mailbox');
        expect(list.status, 'the e2e server must serve /dev/mailbox (DEV_MAILBOX=1)').toBe(200);
        const row = list.text
          .split('<tr>')
          .find((r) => (r.includes(email) || r.includes(email.replace('+', '&#43;'))) && r.includes(subject));
        message = row?.match(/href="(\/dev\/mailbox\/[^"]+)"/)?.[1];
        return message;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return (await read(page, message!)).text;
}

/** The subjects of every mail to `email` in the developer mailbox, oldest first (HTML entities decoded). */
export async function mailSubjects(page: Page, email: string): Promise<string[]> {
  const list = await read(page, '/dev/mailbox');
  expect(list.status, 'the e2e server must serve /dev/mailbox (DEV_MAILBOX=1)').toBe(200);
  return list.text
    .split('<tr>')
    .filter((r) => r.includes(email) || r.includes(email.replace('+', '&#43;')))
    .map((r) => r.match(/<a href="\/dev\/mailbox\/[^"]+">([^<]*)<\/a>/)?.[1] ?? '')
    .map((s) =>
      s
        .replace(/&amp;/g, '&')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    )
    .reverse();
}
