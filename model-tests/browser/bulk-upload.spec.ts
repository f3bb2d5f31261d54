// The bulk upload's model paths in the browser (business landing page of de.localhost, production
// build): a company pastes its list or chooses it as a CSV file (one over 256 KB is refused at
// once), the server matches it line by line, the company unticks a matched line, corrects a bad row
// or picks a suggestion for an ambiguous one, and takes the chosen lines into the cart. Every call
// of the bulk matching is held until the path says what the server answers: the real server's
// answer (real offers of the catalogue), or its refusals and failures with their real status codes
// and bodies (503 of a server shutting down, 429 with Retry-After, 413 of a list over the limits)
// or no answer at all (the connection fails).

import { expect, type Page, type Route } from '@playwright/test';
import { hydrated, pathOf, shopUrl, translate } from '../../e2e/support/shop';
import { BULK_MAX_BYTES, BULK_MAX_LINES } from '../../src/contracts/bulk-offers';
import { bulkUploadModel } from '../bulk-upload.model';
import { describeBrowserFlow } from './runner';

interface Context {
  readonly page: Page;
  /** Calls of the bulk matching waiting for the path's server, oldest first. */
  readonly held: Route[];
  /** Units per matched line the page shows ticked (what the cart gets). */
  readonly ticked: Map<number, number>;
  /** The unmatched line being checked again: its number, the device it should become and its units. */
  rerun: { readonly line: number; readonly device: string; readonly units: number } | null;
}

/** The de catalogue's text of an English message, its placeholders (plural forms too) filled in. */
function say(english: string, values: Record<string, string | number> = {}): string {
  return translate('de', english)
    .replace(/\{(\w+), plural, one \{([^}]*)\} other \{([^}]*)\}\}/g, (_, name: string, one: string, other: string) =>
      (values[name] === 1 ? one : other).replace('#', String(values[name])),
    )
    .replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

const t = (english: string) => translate('de', english);
const B2B_LANDING = pathOf('b2bLanding', 'de');

/**
 * A company's list: two devices the catalogue knows (line 2: three iPhones 13, line 3: two PS5),
 * one ambiguous (line 4: which iPhone 12?) and a bad row (line 5: the quantity is a word).
 */
const LIST = ['Modell;Anzahl;Zustand', 'iPhone 13 128 GB;3;A', 'PS5 digital;2;B', 'iPhone 12;1;B', 'OnePlus 8T 128GB;zwei;A'].join('\n');
const MATCHED: Readonly<Record<number, { readonly device: string; readonly units: number }>> = {
  2: { device: 'Apple iPhone 13 128 GB', units: 3 },
  3: { device: 'Sony PlayStation 5 Digital Edition', units: 2 },
};
/** The same list as a file, and one just over the limit (the page refuses it without a request). */
const FILE = { name: 'geraete.csv', mimeType: 'text/csv', buffer: Buffer.from(LIST) };
const LARGE_FILE = {
  name: 'alle-geraete.csv',
  mimeType: 'text/csv',
  buffer: Buffer.concat([Buffer.from(LIST), Buffer.alloc(BULK_MAX_BYTES + 1 - LIST.length, '\n')]),
};

/** The server's answers other than a list's (server/http/errors.ts, Fastify's 503 while closing). */
const SHUTTING_DOWN = { status: 503, json: { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 } };
const RATE_LIMITED = {
  status: 429,
  headers: { 'Retry-After': '540' },
  json: {
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Too many lists. Please wait a moment and try again.',
    retryAfterSeconds: 540,
  },
};
const TOO_MANY_LINES = {
  status: 413,
  json: {
    statusCode: 413,
    error: 'Payload Too Large',
    message: `A list has at most ${BULK_MAX_LINES} lines; this one has ${BULK_MAX_LINES + 1}.`,
    limit: 'tooManyLines',
  },
};

const FAILURE = {
  network: () => t('We could not check the list right now. Please try again.'),
  rateLimited: () => t('Too many lists in a short time. Please wait a few minutes and try again.'),
  tooLarge: () => say('The list is too large: at most {BULK_MAX_LINES} lines and 256 KB. Please split it.', { BULK_MAX_LINES }),
};

const section = (c: Context) => c.page.locator('section#bulk');
const listField = (c: Context) => section(c).getByLabel(t('Paste your list (model; quantity; grade)'));
const fileField = (c: Context) => section(c).getByLabel(t('Or choose a CSV file (UTF-8 or Excel/Windows)'));
const chosen = (c: Context) => section(c).getByText(say('Chosen: {0}', { 0: FILE.name }));
const problem = (c: Context) => section(c).locator('.form-problem[role="alert"]');
const retryButton = (c: Context) => section(c).getByRole('button', { name: t('Try again') });
const line = (c: Context, number: number) => section(c).locator(`.bulk-line[data-line="${number}"]`);
const takeButton = (c: Context, lines: number) =>
  section(c).getByRole('button', { name: say('Take {0, plural, one {# line} other {# lines}} into the cart', { 0: lines }) });

/** The oldest call of the bulk matching; it must send `kind` (a chosen file's bytes instead of the text). */
async function heldCall(c: Context, kind: 'list' | 'lines'): Promise<Route> {
  await expect.poll(() => c.held.length, { message: 'the page should send the list to the server' }).toBeGreaterThan(0);
  const route = c.held.shift()!;
  const sent = route.request().postDataJSON() as { kind: string; base64?: string };
  if (kind === 'lines') expect(sent.kind, 'a line checked again is sent alone').toBe('lines');
  else if ((await chosen(c).count()) > 0) expect(sent).toEqual({ kind: 'file', base64: FILE.buffer.toString('base64') });
  else expect(sent).toEqual({ kind: 'text', text: LIST });
  return route;
}

async function seesForm(c: Context, { file }: { file: boolean }) {
  await expect(listField(c)).toHaveValue(LIST);
  if (file) {
    await expect(chosen(c)).toBeVisible();
    await expect(section(c).getByRole('button', { name: t('Remove file') })).toBeVisible();
    // The chosen file is sent instead of the text, which cannot be changed meanwhile.
    await expect(listField(c)).toBeDisabled();
  } else {
    await expect(chosen(c)).toHaveCount(0);
    // The chooser itself shows no file either.
    await expect(fileField(c)).toHaveValue('');
  }
}

async function seesPasted(c: Context) {
  await seesForm(c, { file: false });
  await expect(listField(c)).toBeEnabled();
  await expect(problem(c)).toHaveCount(0);
  await expect(section(c).getByRole('button', { name: t('Get offers for the list') })).toBeEnabled();
}

async function seesMatching(c: Context, { file }: { file: boolean }) {
  await expect(section(c).getByRole('button', { name: t('Checking your list…') })).toBeDisabled();
  await expect(section(c).locator('.bulk-progress[role="status"]')).toHaveText(
    t('Matching each line with our catalogue and making the offers. This takes a few seconds for long lists.'),
  );
  await expect(problem(c)).toHaveCount(0);
  await seesForm(c, { file });
  await expect(listField(c)).toBeDisabled();
}

async function seesFailure(c: Context, text: string, { retry }: { retry: boolean }) {
  await expect(problem(c)).toHaveText(retry ? `${text}${t('Try again')}` : text);
  await expect(retryButton(c)).toHaveCount(retry ? 1 : 0);
}

/** The lines' answers: "n of 4 lines matched", the matched lines with their devices, the take button for the ticked ones. */
async function seesResults(c: Context, matched: number) {
  await expect(section(c).locator('.bulk-results > [role="status"]')).toHaveText(say('{matched} of {0} lines matched.', { matched, 0: 4 }));
  for (const [number, { device }] of Object.entries(MATCHED)) await expect(line(c, Number(number)).locator('strong')).toHaveText(device);
  for (const number of [2, 3]) {
    const checkbox = line(c, number).getByRole('checkbox');
    if (c.ticked.has(number)) await expect(checkbox).toBeChecked();
    else await expect(checkbox).not.toBeChecked();
  }
  await expect(takeButton(c, c.ticked.size)).toBeEnabled();
}

/** "n lines are in your cart now", the cart link, and the header's cart with their units in business trade-in. */
async function seesTaken(c: Context, lines: number) {
  await expect(section(c).locator('.bulk-taken[role="status"]')).toContainText(
    say('{0, plural, one {# line is} other {# lines are}} in your cart now.', { 0: lines }),
  );
  await expect(section(c).getByRole('link', { name: t('Go to the cart') })).toBeVisible();
  const units = [...c.ticked.values()].reduce((sum, n) => sum + n, 0);
  await expect(c.page.locator('.cart-badge .cart-count')).toHaveText(String(units));
  await expect(c.page.locator('.cart-business-badge')).toHaveText(t('Business'));
}

describeBrowserFlow<Context>({
  name: 'bulkUpload',
  model: bulkUploadModel,
  simplePathBound: 0,
  // The shortest paths (16) take every transition of the production machine; one per model
  // transition would add 11 paths that take none the others do not.
  transitionCover: false,
  async setup(page) {
    const context: Context = { page, held: [], ticked: new Map(), rerun: null };
    await page.route(
      (url) => url.pathname === '/api/offers/bulk',
      (route) => void context.held.push(route),
    );
    await page.goto(shopUrl('de', B2B_LANDING));
    await hydrated(page);
    await expect(listField(context)).toBeEditable();
    return context;
  },
  unsupported: {},
  events: {
    // Pasted anew over what the field holds (the same text pasted over itself would change nothing).
    PASTE_LIST: async (c) => {
      await listField(c).fill('');
      await listField(c).fill(LIST);
    },
    CHOOSE_FILE: (c) => fileField(c).setInputFiles(FILE),
    CHOOSE_LARGE_FILE: (c) => fileField(c).setInputFiles(LARGE_FILE),
    REMOVE_FILE: (c) =>
      section(c)
        .getByRole('button', { name: t('Remove file') })
        .click(),
    SEND: (c) =>
      section(c)
        .getByRole('button', { name: t('Get offers for the list') })
        .click(),
    RETRY: (c) => retryButton(c).click(),
    ANSWERED: async (c) => {
      await (await heldCall(c, 'list')).continue();
      c.ticked.clear();
      for (const [number, { units }] of Object.entries(MATCHED)) c.ticked.set(Number(number), units);
    },
    SERVER_DOWN: async (c) => (await heldCall(c, 'list')).fulfill(SHUTTING_DOWN),
    RATE_LIMITED: async (c) => (await heldCall(c, 'list')).fulfill(RATE_LIMITED),
    TOO_LARGE: async (c) => (await heldCall(c, 'list')).fulfill(TOO_MANY_LINES),
    UNTICK: async (c) => {
      await line(c, 3).getByRole('checkbox').uncheck();
      c.ticked.delete(3);
    },
    // The bad row: the quantity in figures, the model as the catalogue writes it.
    CORRECT_LINE: async (c) => {
      await line(c, 5)
        .getByLabel(say('Model of line {0}', { 0: 5 }))
        .fill('OnePlus 8T 128 GB');
      await line(c, 5).getByLabel(t('Quantity')).fill('2');
    },
    CHECK_AGAIN: async (c) => {
      await line(c, 5)
        .getByRole('button', { name: t('Check again') })
        .click();
      c.rerun = { line: 5, device: 'OnePlus 8T 128 GB', units: 2 };
    },
    // The ambiguous line: the 64 GB model among the suggestions.
    PICK_SUGGESTION: async (c) => {
      await line(c, 4).getByRole('button', { name: 'Apple iPhone 12 64 GB' }).click();
      c.rerun = { line: 4, device: 'Apple iPhone 12 64 GB', units: 1 };
    },
    LINE_MATCHED: async (c) => {
      await (await heldCall(c, 'lines')).continue();
      c.ticked.set(c.rerun!.line, c.rerun!.units);
    },
    // The connection breaks while the line is checked.
    LINE_FAILED: async (c) => (await heldCall(c, 'lines')).abort('connectionreset'),
    TAKE: (c) => takeButton(c, c.ticked.size).click(),
    START_AGAIN: (c) =>
      section(c)
        .getByRole('button', { name: t('Start again') })
        .click(),
    UPLOAD_ANOTHER: (c) =>
      section(c)
        .getByRole('button', { name: t('Upload another list') })
        .click(),
  },
  checks: {
    empty: async (c) => {
      await expect(listField(c)).toHaveValue('');
      await expect(problem(c)).toHaveCount(0);
      expect(c.held, 'nothing is sent without a list').toEqual([]);
    },
    fileRefused: async (c) => {
      await seesFailure(c, FAILURE.tooLarge(), { retry: false });
      await expect(section(c).getByText(say('Chosen: {0}', { 0: LARGE_FILE.name }))).toHaveCount(0);
      await expect(fileField(c)).toHaveValue('');
      await expect(listField(c)).toBeEnabled();
      expect(c.held, 'a file over the limit is not sent').toEqual([]);
    },
    pasted: seesPasted,
    fileChosen: async (c) => {
      await seesForm(c, { file: true });
      await expect(problem(c)).toHaveCount(0);
    },
    matching: (c) => seesMatching(c, { file: false }),
    matchingFile: (c) => seesMatching(c, { file: true }),
    failed: async (c) => {
      await seesFailure(c, FAILURE.network(), { retry: true });
      await seesForm(c, { file: false });
      await expect(listField(c)).toBeEnabled();
    },
    fileFailed: async (c) => {
      await seesFailure(c, FAILURE.network(), { retry: true });
      await seesForm(c, { file: true });
    },
    rateLimited: (c) => seesFailure(c, FAILURE.rateLimited(), { retry: true }),
    // The same list would be refused again: no retry, the company splits it.
    tooLarge: (c) => seesFailure(c, FAILURE.tooLarge(), { retry: false }),
    results: async (c) => {
      await seesResults(c, 2);
      await expect(line(c, 4)).toContainText(
        say('Several devices fit "{0}". Please pick one or be more precise (e.g. the storage).', { 0: 'iPhone 12' }),
      );
      await expect(line(c, 4).getByRole('button', { name: 'Apple iPhone 12 64 GB' })).toBeEnabled();
      await expect(line(c, 5)).toContainText(t('The quantity must be a whole number from 1 to 99.'));
      await expect(problem(c)).toHaveCount(0);
    },
    resultsUnticked: (c) => seesResults(c, 2),
    corrected: async (c) => {
      await expect(line(c, 5).getByLabel(say('Model of line {0}', { 0: 5 }))).toHaveValue('OnePlus 8T 128 GB');
      await expect(line(c, 5).getByLabel(t('Quantity'))).toHaveValue('2');
      await expect(line(c, 5).getByRole('button', { name: t('Check again') })).toBeEnabled();
    },
    rematching: async (c) => {
      await expect(line(c, c.rerun!.line).getByRole('button', { name: t('Checking…'), exact: true })).toBeDisabled();
      await expect(section(c).getByRole('button', { name: t('Checking…'), exact: true })).toHaveCount(1);
    },
    lineMatched: async (c) => {
      await seesResults(c, 3);
      await expect(line(c, c.rerun!.line).locator('strong')).toHaveText(c.rerun!.device);
      await expect(line(c, c.rerun!.line).getByRole('checkbox')).toBeChecked();
    },
    lineFailed: async (c) => {
      await seesFailure(c, FAILURE.network(), { retry: false });
      await seesResults(c, 2);
      await expect(line(c, c.rerun!.line).getByRole('button', { name: t('Check again') })).toBeEnabled();
    },
    taken: (c) => seesTaken(c, 2),
    takenOne: (c) => seesTaken(c, 1),
    takenThree: (c) => seesTaken(c, 3),
  },
});
