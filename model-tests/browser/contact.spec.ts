// The contact flow's model paths in the browser: the contact page of the production build on
// de.localhost. The form ticket the page asks for when it opens, and the message it sends, are held
// until the path says what the server answers: the real ticket or a failure; for the message the
// answers the server gives (accepted, a refused field, too fast, an expired ticket, 503, 429), with
// its status codes and bodies. The real server's acceptance is e2e/contact.spec.ts's subject.

import { expect, type Page, type Route } from '@playwright/test';
import { ONE_PIXEL_PNG } from '../../e2e/support/files';
import { hydrated, shopUrl, translate } from '../../e2e/support/shop';
import { contactModel } from '../contact.model';
import { describeBrowserFlow } from './runner';

interface Context {
  readonly page: Page;
  /** The first ticket request (the page opening); later ones go through. */
  readonly ticket: Route[];
  /** Messages sent, waiting for the path's answer. */
  readonly sends: Route[];
}

const t = (english: string) => translate('de', english);
const NAME = 'Erika Mustermann';
const EMAIL = 'erika.kontakt@example.org';

const form = (c: Context) => c.page.getByTestId('contact-form');
const field = (c: Context, name: string) => form(c).locator(`[name="${name}"]`);
const fieldError = (c: Context, name: string) => form(c).locator(`.field-error[data-field="${name}"]`);
const problem = (c: Context) => form(c).locator('.form-problem');

async function next(queue: Route[], what: string): Promise<Route> {
  await expect.poll(() => queue.length, { message: `the page should ask for ${what}` }).toBeGreaterThan(0);
  return queue.shift()!;
}

/** The server's 400 naming `fields`, as server/http/errors.ts writes it. */
const badRequest = (message: string, fields: { path: string; code: string; message: string }[]) => ({
  status: 400,
  json: { statusCode: 400, error: 'Bad Request', message, fields },
});

describeBrowserFlow<Context>({
  name: 'contact',
  model: contactModel,
  simplePathBound: 0,
  transitionCover: true,
  async setup(page) {
    const ticket: Route[] = [];
    const sends: Route[] = [];
    let tickets = 0;
    await page.route('**/api/contact/ticket', (route) => {
      tickets += 1;
      if (tickets === 1) ticket.push(route);
      else void route.continue();
    });
    await page.route('**/api/contact', (route) => {
      if (route.request().method() === 'POST') sends.push(route);
      else void route.continue();
    });
    await page.goto(shopUrl('de', '/kontakt'));
    await hydrated(page);
    return { page, ticket, sends };
  },
  unsupported: {},
  events: {
    PREPARED: async (c) => (await next(c.ticket, 'a form ticket')).continue(),
    PREPARE_FAILED: async (c) =>
      (await next(c.ticket, 'a form ticket')).fulfill({
        status: 503,
        json: { statusCode: 503, error: 'Service Unavailable', message: 'down' },
      }),
    FILL_FORM: async (c) => {
      await field(c, 'subject').selectOption('payment');
      await field(c, 'name').fill(NAME);
      await field(c, 'email').fill(EMAIL);
      await field(c, 'message').fill('Wann kommt meine Auszahlung?');
    },
    SEND: async (c) =>
      form(c)
        .getByRole('button', { name: t('Send message') })
        .click(),
    TICK_BUSINESS: async (c) => field(c, 'business').check(),
    ATTACH_PHOTO: async (c) => field(c, 'attachments').setInputFiles({ name: 'display.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG }),
    REMOVE_PHOTO: async (c) => form(c).getByTestId('attachment').getByRole('button').click(),
    // The hidden field a person never sees (aria-hidden, off screen), filled as a bot does.
    BOT_FILLS_HIDDEN_FIELD: async (c) => field(c, 'website').fill('https://spam.example', { force: true }),
    ACCEPTED: async (c) =>
      (await next(c.sends, 'the message')).fulfill({ status: 202, json: { status: 'accepted', reference: 'KM-2026-004711' } }),
    FIELDS_REFUSED: async (c) =>
      (await next(c.sends, 'the message')).fulfill(
        badRequest('The request has invalid fields.', [{ path: 'email', code: 'invalidEmail', message: 'Not an e-mail address.' }]),
      ),
    TOO_FAST: async (c) =>
      (await next(c.sends, 'the message')).fulfill(
        badRequest('The form was sent too quickly. Please check it and send it again.', [
          { path: 'ticket', code: 'tooFast', message: 'Sent too quickly.' },
        ]),
      ),
    TICKET_EXPIRED: async (c) =>
      (await next(c.sends, 'the message')).fulfill(
        badRequest('The form has expired. Please send it again.', [
          { path: 'ticket', code: 'invalid', message: 'The form ticket is not valid.' },
        ]),
      ),
    SERVER_DOWN: async (c) =>
      (await next(c.sends, 'the message')).fulfill({
        status: 503,
        json: { statusCode: 503, error: 'Service Unavailable', message: 'down' },
      }),
    RATE_LIMITED: async (c) =>
      (await next(c.sends, 'the message')).fulfill({
        status: 429,
        headers: { 'retry-after': '120' },
        json: { statusCode: 429, error: 'Too Many Requests', message: 'Too many messages. Please try again later.' },
      }),
    FIX_EMAIL: async (c) => field(c, 'email').fill('erika.richtig@example.org'),
    // "Try again" where the page offers it (no answer); after the rate limit, sending again.
    RETRY: async (c) => {
      const retry = problem(c).getByRole('button', { name: t('Try again') });
      if ((await retry.count()) > 0) await retry.click();
      else
        await form(c)
          .getByRole('button', { name: t('Send message') })
          .click();
    },
    CLEAR_MESSAGE: async (c) => field(c, 'message').fill(''),
    WRITE_ANOTHER: async (c) => c.page.getByRole('button', { name: t('Write another message') }).click(),
  },
  checks: {
    opening: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'preparing');
      await expect(field(c, 'message')).toHaveValue('');
    },
    openingRefused: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'preparing');
      await expect(fieldError(c, 'message')).toBeVisible();
      await expect(fieldError(c, 'email')).toBeVisible();
    },
    filledWhileOpening: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'preparing');
      await expect(field(c, 'name')).toHaveValue(NAME);
    },
    blank: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'editing');
      await expect(field(c, 'message')).toHaveValue('');
      await expect(form(c).locator('.field-error')).toHaveCount(0);
    },
    blankRefused: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'editing');
      await expect(fieldError(c, 'message')).toBeVisible();
    },
    filled: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'editing');
      await expect(field(c, 'message')).not.toHaveValue('');
      await expect(form(c).locator('.field-error')).toHaveCount(0);
    },
    filledBusiness: async (c) => await expect(field(c, 'business')).toBeChecked(),
    filledByBot: async (c) => {
      await expect(field(c, 'website')).toHaveValue('https://spam.example');
      await expect(field(c, 'message')).not.toHaveValue('');
    },
    withPhoto: async (c) => await expect(form(c).getByTestId('attachment')).toHaveCount(1),
    sending: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'sending');
      await expect(form(c).getByRole('button', { name: t('Sending…') })).toBeDisabled();
    },
    refusedByServer: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'editing');
      await expect(fieldError(c, 'email')).toBeVisible();
    },
    tooFast: async (c) => await expect(problem(c)).toHaveAttribute('data-failure', 'tooFast'),
    expired: async (c) => await expect(problem(c)).toHaveAttribute('data-failure', 'expired'),
    failed: async (c) => {
      await expect(problem(c)).toHaveAttribute('data-failure', 'unavailable');
      await expect(problem(c).getByRole('button', { name: t('Try again') })).toBeVisible();
      await expect(field(c, 'message')).not.toHaveValue('');
    },
    failedEmptied: async (c) => {
      await expect(problem(c)).toHaveAttribute('data-failure', 'unavailable');
      await expect(field(c, 'message')).toHaveValue('');
    },
    messageMissing: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'editing');
      await expect(fieldError(c, 'message')).toBeVisible();
    },
    rateLimited: async (c) => {
      await expect(problem(c)).toHaveAttribute('data-failure', 'rateLimited');
      await expect(problem(c)).toContainText('2');
    },
    sent: async (c) => {
      await expect(c.page.getByTestId('contact-sent')).toContainText('KM-2026-004711');
      await expect(c.page.getByTestId('contact-sent')).toContainText(EMAIL.slice(0, 6));
    },
    another: async (c) => {
      await expect(form(c)).toHaveAttribute('data-state', 'editing');
      await expect(field(c, 'name')).toHaveValue(NAME);
      await expect(field(c, 'message')).toHaveValue('');
    },
  },
});
