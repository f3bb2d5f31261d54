// The clarification flow's model paths in the browser: a real trade of two phones on de.localhost,
// received and inspected worse by the operator (ops CLI), opened from the links of its mail, which
// the server renders with the clarification (decision 069). The page's own calls to the server are
// held until the path says what the server answers: the real answer, the real answer as it would
// read later (answered meanwhile, past its deadline), a refusal or a failure. Paths that never send their answers share one trade per worker; a path whose answers
// the server takes gets a trade of its own.

import type { Page, Route } from '@playwright/test';
import type { ClarificationView } from '../../src/contracts/clarifications';
import { clarificationStorageKey } from '../../src/services/storage-keys';
import { expect, test } from '../../e2e/support/test';
import { GALAXY, IPHONE, customerTrade, guestTrade, mailedLinks } from '../../e2e/support/clarification';
import { ops } from '../../e2e/support/ops';
import { hydrated, pathOf, shopUrl, translate } from '../../e2e/support/shop';
import { storedValues } from '../../e2e/support/stored';
import { clarificationModel } from '../clarification.model';
import type { FlowPath } from '../support/paths';
import { createAccount, type TestAccount } from './account-support';
import { logIn } from './checkout-support';
import { describeBrowserFlow } from './runner';

interface Links {
  /** The mail's link to the whole clarification (two devices). */
  readonly full: string;
  /** The quick answer of the second device's new offer. */
  readonly quick: string;
  /** The quick answer of the first device's new offer. */
  readonly quickFirst: string;
}

/** A customer's trade in clarification, answered from the account (the link without a token). */
interface AccountTrade {
  readonly account: TestAccount;
  readonly tradeNumber: string;
}

interface Context {
  readonly page: Page;
  readonly links: Links;
  /** The customer's trade of the paths that open the clarification from the account. */
  readonly accountTrade: () => Promise<AccountTrade>;
  /** The page's requests for the clarification and its answers, waiting for the path's server. */
  readonly held: Route[];
}

/** Received and inspected worse by the operator, both phones with a cracked display (`at`: that many days ago). */
async function inspectWorse(tradeNumber: string, daysAgo = 0) {
  const at = (days: number) => (daysAgo === 0 ? [] : ['--at', new Date(Date.now() - days * 86_400_000).toISOString()]);
  await ops(['trades', 'receive', tradeNumber, ...at(daysAgo + 1)]);
  await ops([
    'trades',
    'inspect',
    tradeNumber,
    ...at(daysAgo),
    '--item',
    '1',
    '--answer',
    'display=cracked',
    '--item',
    '2',
    '--answer',
    'display=cracked',
  ]);
}

/**
 * A guest trade of two phones in clarification; the links of its mail. Inspected 20 days ago, the
 * 14 days to answer have passed as the mail is sent: its links have expired.
 */
async function clarificationOf(page: Page, { expired = false } = {}): Promise<Links> {
  const { tradeNumber, email } = await guestTrade(page, 'de', [IPHONE, GALAXY]);
  await inspectWorse(tradeNumber, expired ? 20 : 0);
  const { full, quick } = await mailedLinks(page, 'de', email);
  expect(quick).toHaveLength(2);
  return { full, quick: quick[1]!, quickFirst: quick[0]! };
}

/** A new customer's trade of two phones in clarification (its own browser context registers the account). */
async function accountTradeOf(page: Page): Promise<AccountTrade> {
  const account = await createAccount(page.context().browser()!);
  const tradeNumber = await customerTrade(page, 'de', [IPHONE, GALAXY], account);
  await inspectWorse(tradeNumber);
  return { account, tradeNumber };
}

/** One trade for every path of this worker that only reads it; one customer's trade likewise. */
let shared: Promise<Links> | undefined;
let sharedAccountTrade: Promise<AccountTrade> | undefined;

/** Paths whose answers the server takes (each gets a trade of its own). */
const takesTheAnswers = (path: FlowPath) =>
  path.events.some((event) =>
    ['SERVER_ACCEPTS', 'SERVER_ACCEPTS_ONE', 'SERVER_UNDOES', 'OPEN_RENDERED_ANSWERED_LINK', 'OPEN_RENDERED_QUICK_ANSWER_AGAIN'].includes(
      event,
    ),
  );

/**
 * Answers quick links the way a seller does, on another page of the same browser (the path's page
 * holds its own calls): each link accepts its device's new offer as it opens.
 */
async function answeredElsewhere(c: Context, links: string[]) {
  const other = await c.page.context().newPage();
  try {
    for (const link of links) {
      await other.goto(link);
      await expect(other.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
    }
  } finally {
    await other.close();
  }
}

const t = (english: string) => translate('de', english);
const items = (c: Context) => c.page.locator('.clarification-item');
const choice = (c: Context, item: number, value: 'accept' | 'return' | 'recycle') => items(c).nth(item).locator(`input[value="${value}"]`);

async function heldRequest(c: Context): Promise<Route> {
  await expect.poll(() => c.held.length, { message: 'the page should call the server' }).toBeGreaterThan(0);
  return c.held.shift()!;
}

/** Answers a held request for the view with the real view, changed as `change` says. */
async function changedView(c: Context, change: (view: ClarificationView) => ClarificationView) {
  const route = await heldRequest(c);
  expect(route.request().method(), 'a view is asked for with GET').toBe('GET');
  // The test process cannot resolve de.localhost: the same request to the loopback address, with the shop's host.
  const url = new URL(route.request().url());
  const response = await route.fetch({
    url: url.href.replace(url.hostname, '127.0.0.1'),
    headers: { ...route.request().headers(), host: url.host },
  });
  expect(response.status()).toBe(200);
  await route.fulfill({ response, json: change((await response.json()) as ClarificationView) });
}

const failure = (status: number, error: string) => ({ status, json: { statusCode: status, error, message: error } });

/** Decisions that reach the stored choices before a reload (the page stores every change at once). */
async function storedDecisions(page: Page): Promise<number> {
  const [stored] = await storedValues<{ choices?: Record<string, unknown> }>(page, clarificationStorageKey(''));
  return Object.keys(stored?.choices ?? {}).length;
}

async function seesLoading(c: Context) {
  await expect(c.page.locator('[data-clarification="loading"]')).toBeVisible();
}

async function seesFailure(c: Context) {
  await expect(c.page.locator('.clarification-outcome[role="alert"]')).toContainText(t('That did not work.'));
  await expect(c.page.getByRole('button', { name: t('Try again') })).toBeVisible();
}

async function seesSummary(c: Context, count: number) {
  await expect(c.page.locator('.clarification-summary li')).toHaveCount(count);
  await expect(c.page.getByRole('button', { name: t('Send my answers') })).toBeEnabled();
}

async function seesSending(c: Context) {
  await expect(c.page.getByRole('button', { name: t('Sending…') })).toBeDisabled();
}

async function seesAnswer(c: Context) {
  await expect(c.page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
  await expect(c.page.locator('[data-answer]').first()).toBeVisible();
}

async function seesExpiredPage(c: Context) {
  await expect(c.page.locator('main h1')).toHaveText(t('ERRORPAGE_OOPS_EXPIRED_LINK'));
}

describeBrowserFlow<Context>({
  name: 'clarification',
  model: clarificationModel,
  simplePathBound: 0,
  transitionCover: true,
  async setup(page, path) {
    test.setTimeout(90_000);
    const opens = path.events[0];
    const links = await (opens === 'OPEN_RENDERED_EXPIRED_LINK'
      ? clarificationOf(page, { expired: true })
      : opens === 'OPEN_LINK'
        ? Promise.resolve({ full: '', quick: '', quickFirst: '' })
        : takesTheAnswers(path)
          ? clarificationOf(page)
          : (shared ??= clarificationOf(page)));
    const accountTrade = () => (takesTheAnswers(path) ? accountTradeOf(page) : (sharedAccountTrade ??= accountTradeOf(page)));
    const held: Route[] = [];
    await page.route(
      (url) => /^\/api\/clarifications\/[^/]+(\/answers|\/undo)?$/.test(url.pathname),
      (route) => void held.push(route),
    );
    return { page, links, held, accountTrade };
  },
  unreachable: {
    'clarification.starting always#0':
      'the link loader never hands the page an expired view: it answers the expired-link 404 page instead (server/ssr/clarification-pages.test.ts, "past its deadline")',
    'clarification.loading xstate.done.actor.load#1':
      'a quick answer\'s first view comes with the page: the server loads it in process (server/ssr/clarification-pages.test.ts, "a GET (a mail scanner) decides nothing"), and only a failure inside the server, which the browser cannot cause, leaves that load to the page',
    'clarification.reviewing xstate.error.actor.0.clarification.reviewing#0':
      'the restore of the stored choices never fails, even when IndexedDB refuses to read (src/machines/clarification.actors.test.ts, "restores nothing, and never fails")',
  },
  unsupported: {
    OPEN_QUICK_ANSWER:
      "the mail's quick link is rendered with its view by the server (decision 069), and the account links only the whole clarification: no view request to hold",
    'oneDecided RELOAD':
      'a reload of a rendered link shows the view at once (no request to hold); e2e/clarification.spec.ts reloads half-way',
  },
  events: {
    // From the account: the trade's link carries no token, so the page loads the clarification with the session.
    OPEN_LINK: async (c) => {
      const { account, tradeNumber } = await c.accountTrade();
      await c.page.goto(shopUrl('de', '/'));
      await hydrated(c.page);
      await c.page.getByTestId('header-login').click();
      await logIn(c.page, account);
      await c.page.goto(shopUrl('de', pathOf('accountOverview', 'de')));
      await hydrated(c.page);
      const link = c.page.locator(`.trade-card[data-trade-number="${tradeNumber}"] [data-clarification-link]`).first();
      expect(await link.getAttribute('href')).not.toContain('token=');
      await link.click();
    },
    OPEN_RENDERED_ANSWERED_LINK: async (c) => {
      await answeredElsewhere(c, [c.links.quickFirst, c.links.quick]);
      await c.page.goto(c.links.full);
      await hydrated(c.page);
    },
    OPEN_RENDERED_QUICK_ANSWER_AGAIN: async (c) => {
      await answeredElsewhere(c, [c.links.quick]);
      await c.page.goto(c.links.quick);
      await hydrated(c.page);
    },
    OPEN_RENDERED_EXPIRED_LINK: async (c) => {
      expect((await c.page.goto(c.links.full))?.status(), 'the expired link answers 404').toBe(404);
    },
    OPEN_RENDERED_LINK: async (c) => {
      await c.page.goto(c.links.full);
      await hydrated(c.page);
    },
    // The page sends the accept as soon as it runs: held until the path answers it.
    OPEN_RENDERED_QUICK_ANSWER: async (c) => {
      await c.page.goto(c.links.quick);
      await hydrated(c.page);
    },
    SERVER_SENDS_OPEN: async (c) => (await heldRequest(c)).continue(),
    SERVER_SENDS_ANSWERED: (c) =>
      changedView(c, (view) => ({
        ...view,
        status: 'answered',
        items: view.items.map((item) => ({ ...item, status: 'accepted' })),
      })),
    // The quick answer's device was answered meanwhile (from the whole clarification, say).
    SERVER_SENDS_FOCUS_ANSWERED: (c) =>
      changedView(c, (view) => ({
        ...view,
        items: view.items.map((item) => (c.links.quick.includes(`/${item.newOfferId}?`) ? { ...item, status: 'accepted' } : item)),
      })),
    SERVER_SENDS_EXPIRED: (c) => changedView(c, (view) => ({ ...view, status: 'expired' })),
    LINK_REFUSED: async (c) => (await heldRequest(c)).fulfill(failure(404, 'Not Found')),
    // A view is asked for once more after a failure (the retry rule of product §9); the server fails that too.
    SERVER_DOWN: async (c) => {
      const route = await heldRequest(c);
      await route.fulfill(failure(503, 'Service Unavailable'));
      if (route.request().method() === 'GET') await (await heldRequest(c)).fulfill(failure(503, 'Service Unavailable'));
    },
    // After a failure "Try again"; after an undo the trade outran, "Show my answers" (it loads them again).
    RETRY: (c) =>
      c.page
        .getByRole('button', { name: t('Try again') })
        .or(c.page.getByRole('button', { name: t('Show my answers') }))
        .click(),
    ACCEPT_FIRST: (c) => choice(c, 0, 'accept').check(),
    DECLINE_SECOND: (c) => choice(c, 1, 'return').check(),
    CHOOSE_RECYCLE_SECOND: (c) => choice(c, 1, 'recycle').check(),
    RELOAD: async (c) => {
      await expect.poll(() => storedDecisions(c.page), { message: 'the stored decisions' }).toBe(1);
      await c.page.reload();
      await hydrated(c.page);
    },
    CONFIRM: (c) => c.page.getByRole('button', { name: t('Check my answers') }).click(),
    BACK: (c) => c.page.getByRole('button', { name: t('Change') }).click(),
    SUBMIT: (c) => c.page.getByRole('button', { name: t('Send my answers') }).click(),
    // The quick answer's one tap.
    ACCEPT_OFFER: (c) => c.page.locator('.quick-answer-buttons .button.primary').click(),
    SERVER_ACCEPTS: async (c) => {
      const route = await heldRequest(c);
      expect(route.request().method(), 'answers are sent with POST').toBe('POST');
      expect(route.request().headers()['idempotency-key'], 'the answers carry their Idempotency-Key').toBeTruthy();
      await route.continue();
    },
    SERVER_SAYS_ALREADY_ANSWERED: async (c) => (await heldRequest(c)).fulfill(failure(409, 'Conflict')),
    SERVER_ACCEPTS_ONE: async (c) => {
      const route = await heldRequest(c);
      expect(route.request().postDataJSON()?.decisions, 'the quick answer accepts its one device').toHaveLength(1);
      await route.continue();
    },
    UNDO: (c) => c.page.getByRole('button', { name: t('Undo my answer') }).click(),
    SERVER_UNDOES: async (c) => {
      const route = await heldRequest(c);
      expect(new URL(route.request().url()).pathname).toMatch(/\/undo$/);
      await route.continue();
    },
    SERVER_SAYS_MOVED_ON: async (c) => (await heldRequest(c)).fulfill(failure(409, 'Conflict')),
    SERVER_SAYS_DEADLINE_PASSED: async (c) => (await heldRequest(c)).fulfill(failure(410, 'Gone')),
  },
  checks: {
    loading: seesLoading,
    quickLoading: seesLoading,
    reloading: seesLoading,
    reloadingAfterConflict: seesLoading,
    loadFailed: seesFailure,
    submitFailed: async (c) => {
      await seesFailure(c);
      // The decisions are kept for the retry.
      expect(await storedDecisions(c.page)).toBe(2);
    },
    undecided: async (c) => {
      await expect(items(c)).toHaveCount(2);
      await expect(c.page.locator('.clarification-item input:checked')).toHaveCount(0);
      await expect(items(c).first().locator('tr[data-differs]')).toHaveCount(1);
    },
    oneDecided: async (c) => {
      await expect(choice(c, 0, 'accept')).toBeChecked();
      await expect(items(c).nth(1).locator('input:checked')).toHaveCount(0);
    },
    allDecided: async (c) => {
      await expect(choice(c, 0, 'accept')).toBeChecked();
      await expect(items(c).nth(1).locator('input:checked')).toHaveCount(1);
      await expect(c.page.getByRole('button', { name: t('Check my answers') })).toHaveAttribute('aria-disabled', 'false');
    },
    confirming: (c) => seesSummary(c, 2),
    submitting: seesSending,
    quickUndecided: async (c) => {
      await expect(items(c)).toHaveCount(1);
      await expect(c.page.locator('.quick-answer-buttons .button')).toHaveCount(2);
    },
    quickConfirming: (c) => seesSummary(c, 1),
    quickDeciding: async (c) => {
      await expect(items(c)).toHaveCount(1);
      await expect(c.page.locator('.quick-answer-deciding')).toBeVisible();
    },
    quickDecideFailed: seesFailure,
    quickReloading: seesLoading,
    quickAnswered: async (c) => {
      await seesAnswer(c);
      await expect(c.page.getByRole('button', { name: t('Undo my answer') })).toBeEnabled();
    },
    undoing: (c) => expect(c.page.getByRole('button', { name: t('Undoing…') })).toBeDisabled(),
    undoFailed: (c) => expect(c.page.getByRole('alert')).toContainText(t('Your answer can no longer be undone.')),
    quickSubmitting: seesSending,
    answered: seesAnswer,
    alreadyAnswered: seesAnswer,
    expired: seesExpiredPage,
    linkRefused: seesExpiredPage,
  },
});
