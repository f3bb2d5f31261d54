// The inspection flow's model paths in the browser: the back office of the production build on
// staff.localhost, signed in as a real inspector, inspecting real trades of the German shop. The
// page's calls for the trade, the hold, the quotes, the photos, the save and the erasure are held
// until the path says what the server answers: the real answer (the request passed on), the real
// server's refusal of a request changed on the way (a photo that is no image, an identifier the page
// took for valid), or an answer the page cannot provoke, made at the network edge in the staff
// contract's shape (StaffErrorSchema with its `reason`: a stale save or erasure, a device not accepted,
// 5xx, no answer). "Held by another" is real: a second inspector holds the trade through the API.
//
// Per worker: one inspector, created with the ops CLI and signed in through the staff API (password,
// enrolment, TOTP code: the same requests the sign-in screens send; e2e/staff.spec.ts signs in through
// the screens), its session cookie given to every path's browser context. A trade of two phones
// (iPhone, Galaxy) received through the scanner's API is shared by the paths that write nothing; a
// trade whose iPhone the seller accepted after a clarification (inspected worse through the staff API,
// accepted through the clarification API with the mail's link) is shared by the wipe paths that write
// nothing. A path whose save or erasure the server takes gets a trade of its own.

import { generate } from 'otplib';
import type { Cookie, Locator, Page, Request, Route } from '@playwright/test';
import type { ReceiveAnswer, StaffTrade } from '../../src/contracts/staff';
import { expect, test } from '../../e2e/support/test';
import { GALAXY, IPHONE, guestTrade } from '../../e2e/support/clarification';
import { ops } from '../../e2e/support/ops';
import { newestMail } from '../../e2e/support/mailbox';
import { HOSTS, PORT, origin } from '../../e2e/support/shop';
import { inspectionModel } from '../inspection.model';
import type { FlowPath } from '../support/paths';
import { describeBrowserFlow } from './runner';

// A step whose element never comes fails in seconds, not at the end of the path's time.
test.use({ actionTimeout: 10_000, navigationTimeout: 15_000 });

const STAFF = `http://staff.localhost:${PORT}`;
const PASSWORD = 'a long staff passphrase 42';
/** A 15-digit IMEI whose check digit is right (Luhn), one whose last digit is wrong, and a serial number. */
const IMEI = '490154203237518';
const BAD_IMEI = '490154203237517';
const SERIAL = 'R58N12ABCDE';
const OTHER_INSPECTOR = 'Max Prüfer';
/** Who changed the trade, in the stale refusals made at the network edge. */
const CHANGED_BY = 'max@staff.example';
const CHANGED_AT = '2026-11-04T09:45:00.000Z';

type Kind = 'load' | 'hold' | 'quote' | 'upload' | 'save' | 'erase';

interface Trade {
  readonly tradeNumber: string;
  /** The version the inspector's page loads and names in its save or erasure. */
  readonly version: number;
  /** Offer ids in the trade's order (iPhone first). */
  readonly offerIds: readonly string[];
  /** The display question and its "cracked" answer (the Galaxy found worse). */
  readonly display: { readonly questionId: number; readonly cracked: number };
}

interface Context {
  readonly page: Page;
  readonly trade: Trade;
  /** The page's calls waiting for the path's server, per kind. */
  readonly held: Record<Kind, Route[]>;
  /** The Galaxy's display was found cracked: worse, so the seller is asked and it gets no wipe. */
  galaxyWorse: boolean;
  /** The accepted iPhone's wipe method was chosen (a reload keeps it). */
  wipeChosen: boolean;
}

/** Which of the inspection's calls a request is (others pass: the release of the hold, photos shown or deleted). */
function kindOf(request: Request): Kind | null {
  const match = /^\/api\/staff\/trades\/[^/]+(\/.*)?$/.exec(new URL(request.url()).pathname);
  if (!match) return null;
  const rest = match[1] ?? '';
  if (request.method() === 'GET') return rest === '' ? 'load' : null;
  if (request.method() !== 'POST') return null;
  if (rest === '/hold') return 'hold';
  if (rest === '/quote') return 'quote';
  if (rest === '/inspection') return 'save';
  if (/^\/items\/[^/]+\/photos$/.test(rest)) return 'upload';
  if (/^\/items\/[^/]+\/erasure$/.test(rest)) return 'erase';
  return null;
}

// ---- Inspectors and trades, per worker ------------------------------------------------------------

/**
 * Puts the page on an empty document of `origin`, for calls to that host's API without starting an app.
 * The document is the test's own (answered by the browser, never by the server): every answer of the
 * server that is not a page forbids its document any request (decision 080), so its robots.txt cannot serve.
 */
async function onHost(page: Page, origin: string): Promise<void> {
  if (new URL(page.url()).origin === origin) return;
  const blank = `${origin}/__model-test-blank`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>model test</title>' }));
  await page.goto(blank);
}

interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

/** A JSON call from a page on the staff host, with the session's CSRF token when there is a session. */
const staffCall = <T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> =>
  page.evaluate(
    async ({ method, path, body }) => {
      const me = await fetch('/api/staff/me', { headers: { accept: 'application/json' } });
      const csrf = me.ok ? ((await me.json()) as { csrfToken: string }).csrfToken : null;
      const response = await fetch(path, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );

/**
 * A new inspector (ops CLI), signed in on `page` through the staff API: the password from the CLI's
 * one-time link, the first sign-in with its enrolment, the code from the key the server hands out.
 * The session cookie it leaves in the page's context.
 */
async function signedInInspector(page: Page, name: string): Promise<Cookie[]> {
  const email = `inspector-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@tradein.test`;
  const added = await ops(['staff', 'add', '--email', email, '--role', 'inspector', '--name', name]);
  const token = added.match(/https?:\/\/staff\.localhost:\d+\/set-password\?token=([\w-]+)/)?.[1];
  expect(token, added).toBeTruthy();
  await onHost(page, STAFF);
  expect((await staffCall(page, 'POST', '/api/staff/password', { token, password: PASSWORD })).status).toBe(204);
  const login = await staffCall<{ step: string; secret: string }>(page, 'POST', '/api/staff/session', { email, password: PASSWORD });
  expect(login.body.step, 'a first sign-in enrols the authenticator').toBe('enrol');
  const me = await staffCall(page, 'POST', '/api/staff/session/second-factor', { code: await generate({ secret: login.body.secret }) });
  expect(me.status).toBe(200);
  return (await page.context().cookies(STAFF)).filter((cookie) => cookie.name === 'staff_session');
}

/** A trade of `devices` in the German shop, received through the scanner's API by the signed-in inspector. */
async function received(page: Page, devices: number[]): Promise<{ trade: StaffTrade; email: string }> {
  await onHost(page, origin(HOSTS.de));
  const { tradeNumber, email } = await guestTrade(page, 'de', devices);
  await onHost(page, STAFF);
  const scan = await staffCall<ReceiveAnswer>(page, 'POST', '/api/staff/receive', { code: tradeNumber });
  expect(scan.status).toBe(200);
  expect(scan.body.trade.status).toBe('received');
  return { trade: scan.body.trade, email };
}

function tradeOf(trade: StaffTrade): Trade {
  const display = trade.items[0]!.questions.find((question) => question.code === 'display')!;
  return {
    tradeNumber: trade.tradeNumber,
    version: trade.version,
    offerIds: trade.items.map((item) => item.offerId),
    display: { questionId: display.id, cracked: display.answers.find((answer) => answer.code === 'cracked')!.id },
  };
}

const receivedTrade = async (page: Page): Promise<Trade> => tradeOf((await received(page, [IPHONE, GALAXY])).trade);

/**
 * A trade whose one iPhone was found with a cracked display (saved through the staff API: the seller
 * is asked) and whose new offer the seller accepted through the clarification API with the mail's
 * link: accepted, its wipe not yet confirmed.
 */
async function acceptedTrade(page: Page): Promise<Trade> {
  const { trade, email } = await received(page, [IPHONE]);
  const { display } = tradeOf(trade);
  const item = trade.items[0]!;
  const inspected = await staffCall<StaffTrade>(page, 'POST', `/api/staff/trades/${trade.tradeNumber}/inspection`, {
    version: trade.version,
    items: [
      {
        offerId: item.offerId,
        answers: { ...item.offeredAnswers, [display.questionId]: display.cracked },
        identifier: IMEI,
        photoIds: [],
      },
    ],
  });
  expect(inspected.status).toBe(200);
  expect(inspected.body.status).toBe('clarification');

  await onHost(page, origin(HOSTS.de));
  let link: RegExpMatchArray | null = null;
  const clarificationLink = /\/clarification\/([0-9a-f-]{36})\/TR-[^\s<>"?]+\?token=([^\s<>"&]+)/;
  await expect
    .poll(async () => (link = (await newestMail(page, email)).match(clarificationLink)), {
      message: 'the clarification mail',
      timeout: 15_000,
    })
    .toBeTruthy();
  const [, clarificationId, token] = link! as RegExpMatchArray;
  const answered = await page.evaluate(
    async ({ clarificationId, trade, token }) => {
      const view = (await (
        await fetch(`/api/clarifications/${clarificationId}?trade=${encodeURIComponent(trade)}&token=${encodeURIComponent(token!)}`)
      ).json()) as { items: { clarificationId: string }[] };
      const response = await fetch(`/api/clarifications/${clarificationId}/answers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          trade,
          token,
          decisions: view.items.map((i) => ({ clarificationId: i.clarificationId, decision: 'accept' })),
        }),
      });
      return response.status;
    },
    { clarificationId: clarificationId!, trade: trade.tradeNumber, token: token! },
  );
  expect(answered).toBe(200);

  await onHost(page, STAFF);
  const accepted = await staffCall<StaffTrade>(page, 'GET', `/api/staff/trades/${trade.tradeNumber}`);
  expect(accepted.body.status).toBe('accepted');
  return tradeOf(accepted.body);
}

/** This worker's inspector (its session cookie). */
let inspector: Promise<Cookie[]> | undefined;
/** Another inspector, in a browser context of their own (a page on the staff host, signed in). */
let otherInspector: Promise<Page> | undefined;
/** Trades of this worker's paths that write nothing: received; received and held by the other inspector; accepted. */
let sharedReceived: Promise<Trade> | undefined;
let sharedContested: Promise<Trade> | undefined;
let sharedAccepted: Promise<Trade> | undefined;
/** A JPEG as a desk camera gives it (drawn by the browser's canvas), once per worker. */
let jpeg: Promise<Buffer> | undefined;

async function signInOther(page: Page): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.254' } });
  const other = await context.newPage();
  await signedInInspector(other, OTHER_INSPECTOR);
  return other;
}

const drawnJpeg = async (page: Page): Promise<Buffer> =>
  Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#345';
      context.fillRect(0, 0, 64, 48);
      return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
    }),
    'base64',
  );

const writes = (path: FlowPath) => path.events.some((event) => ['SERVER_SAVES', 'SERVER_CERTIFIES'].includes(event));

// ---- The page ---------------------------------------------------------------------------------------

async function heldCall(c: Context, kind: Kind): Promise<Route> {
  await expect.poll(() => c.held[kind].length, { message: `the page should call the server (${kind})` }).toBeGreaterThan(0);
  return c.held[kind].shift()!;
}

/** The waiting call of the first of `kinds` the page made (the model's state decides which one waits). */
async function anyHeldCall(c: Context, kinds: readonly Kind[]): Promise<{ kind: Kind; route: Route }> {
  await expect
    .poll(() => kinds.some((kind) => c.held[kind].length > 0), { message: `the page should call ${kinds.join(' or ')}` })
    .toBe(true);
  const kind = kinds.find((k) => c.held[k].length > 0)!;
  return { kind, route: c.held[kind].shift()! };
}

/** The call of `kind` waiting now, left waiting (a check reads what the page sent). */
async function peek(c: Context, kind: Kind): Promise<Request> {
  await expect.poll(() => c.held[kind].length, { message: `the page should call the server (${kind})` }).toBeGreaterThan(0);
  return c.held[kind].at(-1)!.request();
}

/** A refusal as the staff API answers it (StaffErrorSchema). */
const refusal = (status: number, error: string, message: string, details: Record<string, unknown> = {}) => ({
  status,
  json: { statusCode: status, error, message, ...details },
});

/** The quotes asked now: as many as devices show their price being worked out. */
async function quotesAsked(c: Context): Promise<Route[]> {
  const pending = await c.page.locator('.quote[data-outcome="pending"]').count();
  expect(pending, 'a price being worked out').toBeGreaterThan(0);
  await expect.poll(() => c.held.quote.length, { message: `the page should ask ${pending} quote(s)` }).toBeGreaterThanOrEqual(pending);
  return c.held.quote.splice(0);
}

const device = (c: Context, index: 0 | 1): Locator =>
  c.page.getByRole('region', { name: index === 0 ? '1. Apple iPhone 13 128 GB' : /^2\. Samsung Galaxy/ });
const iphone = (c: Context) => device(c, 0);
const galaxy = (c: Context) => device(c, 1);
const button = (c: Context, name: string) => c.page.getByRole('button', { name, exact: true });
const step = (c: Context) => c.page.locator('.inspection[data-step]');

async function seesLoading(c: Context) {
  await expect(c.page.getByRole('heading', { level: 1, name: `Trade ${c.trade.tradeNumber}` })).toBeVisible();
  await expect(c.page.locator('.loading')).toHaveText('Loading…');
}

async function seesOpening(c: Context, takeOver: boolean) {
  await expect(c.page.getByText('Opening the trade for the inspection…')).toBeVisible();
  expect((await peek(c, 'hold')).postDataJSON(), 'the hold asked for').toEqual(takeOver ? { takeOver: true } : {});
}

/** The form: `problems` per device as the save bar and the device sections name them. */
async function seesForm(c: Context, problems: readonly [string, string]) {
  await expect(step(c)).toHaveAttribute('data-step', 'editing');
  for (const index of [0, 1] as const) {
    const section = device(c, index);
    if (problems[index]) await expect(section).toHaveAttribute('data-problems', problems[index]);
    else await expect(section).not.toHaveAttribute('data-problems');
  }
  const complete = problems.every((p) => p === '');
  await expect(button(c, 'Review and save')).toBeEnabled({ enabled: complete });
  await expect(c.page.locator('.missing li')).toHaveCount(problems.filter((p) => p !== '').length);
}

const quoteOf = (section: Locator) => section.locator('.quote');

async function seesAsOffered(c: Context) {
  await expect(quoteOf(iphone(c))).toHaveAttribute('data-outcome', 'asOffered');
  await expect(quoteOf(galaxy(c))).toHaveAttribute('data-outcome', c.galaxyWorse ? 'worse' : 'asOffered');
}

async function seesStale(c: Context) {
  const alert = c.page.locator('.failure.stale[role="alert"]');
  await expect(alert).toContainText(`${CHANGED_BY} changed this trade at`);
  await expect(alert).toContainText('nothing was saved');
  await expect(button(c, 'Reload the trade')).toBeVisible();
}

async function seesWipe(c: Context, chosen: boolean) {
  await expect(c.page.locator('.trade-facts [data-status]')).toHaveText('Accepted');
  const wipe = iphone(c).locator('form.confirm-wipe');
  await expect(wipe.getByRole('group', { name: 'Data wipe of the accepted device' })).toBeVisible();
  await expect(wipe.getByRole('radio', { name: /^Cryptographic erase/ })).toBeChecked({ checked: chosen });
  await expect(button(c, 'Confirm wipe')).toBeEnabled({ enabled: chosen });
}

async function seesCertificate(c: Context) {
  await expect(step(c)).toHaveAttribute('data-step', 'viewing');
  await expect(iphone(c).getByRole('link', { name: 'Certificate (PDF)' })).toBeVisible();
  await expect(iphone(c).getByText(/Cryptographic erase, /)).toBeVisible();
  await expect(c.page.locator('form.confirm-wipe')).toHaveCount(0);
}

describeBrowserFlow<Context>({
  name: 'inspection',
  model: inspectionModel,
  simplePathBound: 0,
  transitionCover: true,
  async setup(page, path) {
    test.setTimeout(90_000);
    await page.context().addCookies(await (inspector ??= signedInInspector(page, 'Ines Prüfer')));
    const accepted = path.events.includes('SERVER_SENDS_ACCEPTED');
    const contested = path.events.includes('HELD_BY_OTHER');
    const trade = writes(path)
      ? await (accepted ? acceptedTrade(page) : receivedTrade(page))
      : await (accepted
          ? (sharedAccepted ??= acceptedTrade(page))
          : contested
            ? (sharedContested ??= receivedTrade(page))
            : (sharedReceived ??= receivedTrade(page)));
    if (contested) {
      const other = await (otherInspector ??= signInOther(page));
      const hold = await staffCall<StaffTrade>(other, 'POST', `/api/staff/trades/${trade.tradeNumber}/hold`, { takeOver: true });
      expect(hold.status).toBe(200);
    }
    if (path.events.includes('ADD_PHOTO')) await (jpeg ??= drawnJpeg(page));

    const held: Context['held'] = { load: [], hold: [], quote: [], upload: [], save: [], erase: [] };
    await page.route(
      (url) => url.origin === STAFF && url.pathname.startsWith('/api/staff/trades/'),
      async (route) => {
        const kind = kindOf(route.request());
        if (kind) held[kind].push(route);
        else await route.continue();
      },
    );
    // The trade search with the trade found: opening it is following its link.
    await page.goto(`${STAFF}/trades?q=${encodeURIComponent(trade.tradeNumber)}`);
    await expect(page.getByRole('link', { name: trade.tradeNumber })).toBeVisible();
    return { page, trade, held, galaxyWorse: false, wipeChosen: false };
  },
  unsupported: {},
  events: {
    OPEN: (c) => c.page.getByRole('link', { name: c.trade.tradeNumber }).click(),
    SERVER_SENDS_RECEIVED: async (c) => (await heldCall(c, 'load')).continue(),
    SERVER_SENDS_ACCEPTED: async (c) => (await heldCall(c, 'load')).continue(),
    SERVER_SENDS_INSPECTED: async (c) => (await heldCall(c, 'load')).continue(),
    SERVER_SENDS_CERTIFIED: async (c) => (await heldCall(c, 'load')).continue(),
    // The real server's answer for a trade number it does not know.
    SERVER_SAYS_NOT_FOUND: async (c) => {
      const route = await heldCall(c, 'load');
      await route.continue({ url: route.request().url().replace(c.trade.tradeNumber, 'TR-2000-999999') });
    },
    // No answer: the connection fails. A read is tried once more by the client: that fails too.
    // A save meets a server that fails (500).
    SERVER_DOWN: async (c) => {
      const { kind, route } = await anyHeldCall(c, ['load', 'hold', 'save']);
      if (kind === 'save') return route.fulfill(refusal(500, 'Internal Server Error', 'Internal Server Error'));
      await route.abort('connectionfailed');
      if (kind === 'load') await (await heldCall(c, 'load')).abort('connectionfailed');
    },
    RETRY: (c) => button(c, 'Try again').click(),
    HOLD_GRANTED: async (c) => (await heldCall(c, 'hold')).continue(),
    // The other inspector holds the trade (setup): the real server names them.
    HELD_BY_OTHER: async (c) => (await heldCall(c, 'hold')).continue(),
    TAKE_OVER: (c) => button(c, 'Take over the inspection').click(),
    SERVER_QUOTES: async (c) => {
      for (const route of await quotesAsked(c)) await route.continue();
    },
    QUOTES_FAIL: async (c) => {
      for (const route of await quotesAsked(c)) await route.fulfill(refusal(503, 'Service Unavailable', 'Service Unavailable'));
    },
    RETRY_QUOTES: async (c) => {
      for (const section of [iphone(c), galaxy(c)]) await section.getByRole('button', { name: 'Work out the price again' }).click();
    },
    TYPE_BAD_IMEI: async (c) => {
      await iphone(c).getByLabel('IMEI or serial number').fill(BAD_IMEI);
      await galaxy(c).getByLabel('IMEI or serial number').fill(SERIAL);
    },
    TYPE_IDENTIFIERS: async (c) => {
      await iphone(c).getByLabel('IMEI or serial number').fill(IMEI);
      await galaxy(c).getByLabel('IMEI or serial number').fill(SERIAL);
    },
    WRITE_NOTE: (c) => galaxy(c).getByLabel(/^Note/).fill('Back glass scratched'),
    ADD_PHOTO: async (c) =>
      iphone(c)
        .getByLabel('Choose photo files')
        .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpeg! }),
    SERVER_STORES_PHOTO: async (c) => (await heldCall(c, 'upload')).continue(),
    // The real server's refusal of a file that is no image.
    SERVER_REFUSES_PHOTO: async (c) => (await heldCall(c, 'upload')).continue({ postData: Buffer.from('not a photo') }),
    REMOVE_PHOTO: (c) => iphone(c).locator('.photo-list li').first().getByRole('button').click(),
    // The display found cracked; the quote is asked once the answers rest.
    CHANGE_ANSWER: async (c) => {
      c.galaxyWorse = true;
      await galaxy(c)
        .getByLabel(/^Found: In welchem Zustand ist das Display/)
        .selectOption(String(c.trade.display.cracked));
    },
    CONFIRM_WIPES: async (c) => {
      await iphone(c)
        .getByRole('radio', { name: /^Cryptographic erase/ })
        .check();
      if (!c.galaxyWorse)
        await galaxy(c)
          .getByRole('radio', { name: /^Factory reset of the encrypted device/ })
          .check();
    },
    REVIEW: (c) => button(c, 'Review and save').click(),
    BACK: (c) => button(c, 'Back to the form').click(),
    SAVE: (c) => button(c, 'Save the inspection').click(),
    SERVER_SAVES: async (c) => (await heldCall(c, 'save')).continue(),
    // Nothing the page can do changes a received trade's version (only moves and erasures do): the
    // conflict another save would cause, at the network edge.
    SERVER_SAYS_STALE: async (c) => {
      const { route } = await anyHeldCall(c, ['save', 'erase']);
      await route.fulfill(
        refusal(
          409,
          'Conflict',
          `${CHANGED_BY} changed trade ${c.trade.tradeNumber} at 2026-11-04 09:45 UTC, after you opened it; nothing was saved. Reload the trade, check the change and save again.`,
          {
            reason: 'stale',
            changedBy: CHANGED_BY,
            changedAt: CHANGED_AT,
          },
        ),
      );
    },
    // The real server's refusal of an identifier the page took for valid (changed on the way).
    SERVER_REFUSES_IDENTIFIER: async (c) => {
      const route = await heldCall(c, 'save');
      const body = route.request().postDataJSON() as { items: { identifier: string }[] };
      body.items[1]!.identifier = 'R58';
      await route.continue({ postData: JSON.stringify(body) });
    },
    // After a conflict the screen offers the reload; a certified device's page is reloaded by the browser.
    RELOAD: async (c) => {
      const reload = button(c, 'Reload the trade');
      if (await reload.isVisible()) await reload.click();
      else await c.page.reload();
    },
    SHOW_TRADE: (c) => button(c, 'Show the saved trade').click(),
    CHOOSE_WIPE: (c) => {
      c.wipeChosen = true;
      return iphone(c)
        .getByRole('radio', { name: /^Cryptographic erase/ })
        .check();
    },
    CONFIRM_WIPE: (c) => button(c, 'Confirm wipe').click(),
    SERVER_CERTIFIES: async (c) => (await heldCall(c, 'erase')).continue(),
    SERVER_SAYS_NOT_ACCEPTED: async (c) =>
      (await heldCall(c, 'erase')).fulfill(
        refusal(409, 'Conflict', 'Device 1 is not accepted, so it gets no certificate.', { reason: 'not_accepted' }),
      ),
  },
  checks: {
    loading: seesLoading,
    reloading: seesLoading,
    showing: seesLoading,
    refreshing: seesLoading,
    reloadingAccepted: seesLoading,
    loadFailed: async (c) => {
      await expect(c.page.locator('[role="alert"][data-failure="network"]')).toContainText('No answer from the server.');
      await expect(button(c, 'Try again')).toBeVisible();
    },
    notFound: async (c) => {
      await expect(c.page.locator('.failure[role="alert"]')).toHaveText('There is no trade with this number.');
      await expect(c.page.getByRole('link', { name: 'Search the trades' })).toBeVisible();
    },
    holding: (c) => seesOpening(c, false),
    reholding: (c) => seesOpening(c, false),
    takingOver: (c) => seesOpening(c, true),
    heldByOther: async (c) => {
      await expect(step(c)).toHaveAttribute('data-step', 'heldByOther');
      await expect(c.page.getByText(new RegExp(`^Held by ${OTHER_INSPECTOR} since .+: they are inspecting this trade\\.$`))).toBeVisible();
      await expect(button(c, 'Take over the inspection')).toBeVisible();
    },
    quoting: async (c) => {
      await expect(c.page.locator('.quote[data-outcome="pending"]')).toHaveCount(2);
      await expect(button(c, 'Review and save')).toBeDisabled();
    },
    quoteFailed: async (c) => {
      await expect(c.page.locator('.quote[data-outcome="failed"]')).toHaveCount(2);
      await expect(galaxy(c).getByText('The price could not be worked out.')).toBeVisible();
      await expect(galaxy(c)).toHaveAttribute('data-problems', /quote/);
    },
    unidentified: async (c) => {
      await seesAsOffered(c);
      await seesForm(c, ['identifier wipe', 'identifier wipe']);
    },
    badIdentifier: async (c) => {
      await expect(iphone(c).getByText('The IMEI’s check digit does not fit: check the 15 digits.')).toBeVisible();
      await seesForm(c, ['identifier wipe', 'wipe']);
    },
    uploading: async (c) => {
      await expect(iphone(c).locator('.photo-list li[data-photo="uploading"]')).toHaveText(/Uploading front\.jpg…/);
      await seesForm(c, ['identifier wipe photos', 'identifier wipe']);
    },
    withPhoto: (c) => expect(iphone(c).getByRole('img', { name: 'Photo 1 of Apple iPhone 13 128 GB' })).toBeVisible(),
    photoRefused: (c) =>
      expect(iphone(c).locator('.photo-list li[data-photo="refused"]')).toContainText(
        'Refused: only JPEG, PNG or WebP photos, not empty and not too large.',
      ),
    photoRemoved: (c) => expect(iphone(c).locator('.photo-list li')).toHaveCount(0),
    identified: async (c) => {
      await expect(c.page.getByText('Checked: the number is valid.')).toHaveCount(2);
      await seesForm(c, ['wipe', 'wipe']);
    },
    requoting: async (c) => {
      await expect(galaxy(c).locator('tr[data-differs]')).toHaveCount(1);
      await expect(quoteOf(galaxy(c))).toHaveAttribute('data-outcome', 'pending');
      const asked = (await peek(c, 'quote')).postDataJSON() as { offerId: string; answers: Record<string, number> };
      expect(asked.offerId).toBe(c.trade.offerIds[1]);
      expect(asked.answers[String(c.trade.display.questionId)]).toBe(c.trade.display.cracked);
    },
    worseFound: async (c) => {
      await expect(galaxy(c).getByText(/^Worse than offered: the seller gets a counter-offer of/)).toBeVisible();
      await expect(galaxy(c).getByText('No wipe yet: the device waits for the seller’s answer.')).toBeVisible();
      await seesForm(c, ['wipe', '']);
    },
    ready: async (c) => {
      await seesAsOffered(c);
      await seesForm(c, ['', '']);
    },
    restored: async (c) => {
      // What was typed before the reload, kept (the wipes show once the prices are worked out again).
      await expect(iphone(c).getByLabel('IMEI or serial number')).toHaveValue(IMEI);
      await expect(galaxy(c).getByLabel('IMEI or serial number')).toHaveValue(SERIAL);
      await expect(c.page.locator('.quote[data-outcome="pending"]')).toHaveCount(2);
    },
    reviewing: async (c) => {
      await expect(c.page.getByRole('heading', { name: 'Check before saving' })).toBeVisible();
      await expect(c.page.locator('.summary tbody tr')).toHaveCount(2);
      await expect(button(c, 'Save the inspection')).toBeEnabled();
    },
    saving: async (c) => {
      await expect(button(c, 'Saving…')).toBeDisabled();
      const request = (await peek(c, 'save')).postDataJSON() as {
        version: number;
        items: { offerId: string; identifier: string; erasure?: string }[];
      };
      expect(request.version).toBe(c.trade.version);
      expect(request.items.map((item) => [item.offerId, item.identifier, item.erasure])).toEqual([
        [c.trade.offerIds[0], IMEI, 'cryptographic_erase'],
        // Found worse: it waits for the seller, so its wipe is not confirmed yet.
        [c.trade.offerIds[1], SERIAL, c.galaxyWorse ? undefined : 'factory_reset_encrypted'],
      ]);
    },
    saveFailed: async (c) => {
      await expect(c.page.locator('[role="alert"][data-failure="server"]')).toContainText('Something went wrong on the server.');
      await expect(button(c, 'Try again')).toBeVisible();
      await expect(button(c, 'Back to the form')).toBeVisible();
    },
    identifierRefused: async (c) => {
      await expect(c.page.locator('[role="alert"][data-failure="invalid_identifier"]')).toBeVisible();
      await expect(galaxy(c).getByText('The server refused this IMEI or serial number.')).toBeVisible();
      await expect(button(c, 'Review and save')).toBeEnabled();
    },
    stale: seesStale,
    wipeStale: seesStale,
    saved: async (c) => {
      await expect(c.page.locator('.saved[role="status"]')).toContainText(
        c.galaxyWorse ? 'Saved. The seller is asked about the devices found worse.' : 'Saved. The trade is inspected.',
      );
      await expect(button(c, 'Show the saved trade')).toBeVisible();
    },
    inspected: async (c) => {
      await expect(c.page.locator('.trade-facts [data-status]')).toHaveText('Inspected');
      await expect(c.page.getByRole('link', { name: 'Certificate (PDF)' })).toHaveCount(2);
    },
    // The method chosen before a reload is kept.
    wipePending: (c) => seesWipe(c, c.wipeChosen),
    wipeChosen: (c) => seesWipe(c, true),
    erasing: async (c) => {
      await expect(button(c, 'Confirming…')).toBeDisabled();
      const request = await peek(c, 'erase');
      expect(new URL(request.url()).pathname).toBe(`/api/staff/trades/${c.trade.tradeNumber}/items/${c.trade.offerIds[0]}/erasure`);
      expect(request.postDataJSON()).toEqual({ version: c.trade.version, method: 'cryptographic_erase' });
    },
    wipeRefused: async (c) => {
      await expect(c.page.locator('[role="alert"][data-failure="not_accepted"]')).toContainText('This device is not accepted');
      await seesWipe(c, true);
    },
    certified: seesCertificate,
    certifiedAgain: seesCertificate,
  },
});
