// The browser-level runner: the same model paths as the machine level (./support/paths.ts), each
// driving the real UI of the production build on a country host and checking what the user sees
// after every step. Paths that use an event the UI cannot produce are skipped and counted with the
// reason. The page records the production actors' coverage (src/contracts/actor-coverage.ts) into
// `window.__modelCoverage`, which is saved per worker for the report.

import { type Page } from '@playwright/test';
import { expect, test } from '../../e2e/support/test';
import type { AnyStateMachine } from 'xstate';
import type { CoverageSink } from '../../src/contracts/actor-coverage';
import { rawFromSink, saveRaw } from '../support/coverage';
import { flowPaths, leftToTours, type FlowPath } from '../support/paths';

export interface BrowserFlow<C> {
  readonly name: string;
  readonly model: AnyStateMachine;
  readonly simplePathBound: number;
  /** Also one path per model transition (default: shortest and bounded simple paths only; the browser is slow). */
  readonly transitionCover?: boolean;
  /**
   * Run only the generated paths that take a step (an event in a model state) no tour takes: for a
   * model whose tours were written to cover it, where each path costs a page, accounts and mails.
   */
  readonly toursSuffice?: boolean;
  /** Per path: a fresh context (the page, intercepted requests, ...); the path, for data only some paths change. */
  setup(page: Page, path: FlowPath): Promise<C>;
  readonly events: Record<string, (context: C) => Promise<void>>;
  /**
   * What the UI cannot produce, with the reason: an event (`'CLEAR'`) anywhere, or an event in one
   * model state (`'loggingIn LOGOUT'`).
   */
  readonly unsupported: Record<string, string>;
  /**
   * Events the UI produces but whose browser paths are an end-to-end spec instead of executors here
   * (the spec is named in the reason), keyed like `unsupported`; counted and reported apart.
   */
  readonly inEndToEnd?: Record<string, string>;
  /** What the user must see in each model state. */
  readonly checks: Record<string, (context: C) => Promise<void>>;
  /**
   * Production transitions (keys as the report prints them) that no path through the UI and the
   * network can take, with the reason and the test that fails when the reason stops being true.
   */
  readonly unreachable?: Record<string, string>;
}

export function browserPaths(
  flow: Pick<BrowserFlow<unknown>, 'model' | 'simplePathBound' | 'unsupported' | 'inEndToEnd' | 'transitionCover' | 'toursSuffice'>,
) {
  const generated = flowPaths(flow.model, flow.simplePathBound, { transitionCover: flow.transitionCover ?? false });
  const all = flow.toursSuffice ? { ...generated, paths: leftToTours(generated.paths) } : generated;
  const inEndToEnd = flow.inEndToEnd ?? {};
  const run: FlowPath[] = [];
  const skipped: { path: FlowPath; reason: string; inEndToEnd: boolean }[] = [];
  for (const path of all.paths) {
    const keys = path.events.map((event, index) => [`${path.states[index]} ${event}`, event]).flat();
    const blocker = keys.find((key) => key in flow.unsupported);
    const elsewhere = keys.find((key) => key in inEndToEnd);
    if (blocker) skipped.push({ path, reason: `${blocker}: ${flow.unsupported[blocker]}`, inEndToEnd: false });
    else if (elsewhere)
      skipped.push({ path, reason: `${elsewhere}: runs as an end-to-end spec, ${inEndToEnd[elsewhere]}`, inEndToEnd: true });
    else run.push(path);
  }
  return { ...all, run, skipped, leftToTours: generated.paths.length - all.paths.length };
}

/** A stable documentation-range address (198.51.100.0/24, 203.0.113.0/24) per path. */
function clientAddress(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `${hash % 2 === 0 ? '198.51.100' : '203.0.113'}.${1 + (hash % 254)}`;
}

export function describeBrowserFlow<C extends { page: Page }>(flow: BrowserFlow<C>): void {
  const paths = browserPaths(flow);
  const sink: CoverageSink = {};
  let durationMs = 0;

  const cannot = paths.skipped.filter((s) => !s.inEndToEnd).length;
  const endToEnd = paths.skipped.length - cannot;
  const title =
    `${flow.name} flow, browser level: ${paths.run.length} paths run, ${cannot} need events the UI cannot produce` +
    (endToEnd > 0 ? `, ${endToEnd} run as end-to-end specs` : '') +
    (paths.leftToTours > 0 ? `, ${paths.leftToTours} generated ones left to the tours` : '');
  test.describe(title, () => {
    test.describe.configure({ mode: 'parallel' });

    for (const path of paths.run) {
      test(path.description, async ({ page }) => {
        const started = performance.now();
        // Coverage of every page the path loads: carried over page loads in session storage.
        await page.addInitScript(() => {
          const KEY = 'model-tests:coverage';
          let carried: typeof window.__modelCoverage;
          try {
            carried = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as typeof window.__modelCoverage;
          } catch {
            carried = {};
          }
          window.__modelCoverage = carried ?? {};
          addEventListener('pagehide', () => {
            try {
              sessionStorage.setItem(KEY, JSON.stringify(window.__modelCoverage ?? {}));
            } catch {
              // No session storage here: this page's coverage only.
            }
          });
        });
        // Each path is its own client (the e2e server trusts X-Forwarded-For), as real sellers are:
        // the per-address account rate limits then count one path, not the whole run.
        await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress(`${flow.name} ${path.description}`) });
        const context = await flow.setup(page, path);
        for (let index = 0; index < path.events.length; index++) {
          const event = path.events[index]!;
          const state = path.states[index + 1]!;
          await test.step(`${event} → ${state}`, async () => {
            const run = flow.events[event];
            expect(run, `${flow.name}: the model event ${event} has no browser executor`).toBeDefined();
            await run!(context);
            const check = flow.checks[state];
            expect(check, `${flow.name}: the model state ${state} has no browser check`).toBeDefined();
            await check!(context);
          });
        }
        const recorded = await page.evaluate(() => window.__modelCoverage ?? {});
        for (const [machine, record] of Object.entries(recorded)) {
          const into = (sink[machine] ??= { states: {}, transitions: {} });
          Object.assign(into.states, record.states);
          Object.assign(into.transitions, record.transitions);
        }
        durationMs += performance.now() - started;
      });
    }

    // Playwright reads the fixtures from an object pattern, even an empty one.
    // eslint-disable-next-line no-empty-pattern
    test.afterAll(async ({}, info) => {
      await saveRaw(
        {
          ...rawFromSink('browser', flow.name, sink),
          paths: {
            total: paths.run.length,
            shortest: paths.shortest,
            transitionCover: paths.transitionCover,
            simple: paths.simple,
            simpleTotal: paths.simpleTotal,
            bound: paths.bound,
            tours: paths.tours,
          },
          uncovered: {
            ...flow.unreachable,
            ...Object.fromEntries(paths.skipped.map(({ path, reason }) => [`path: ${path.description}`, reason])),
          },
          durationMs: Math.round(durationMs),
        },
        `-${info.workerIndex}`,
      );
    });
  });
}
