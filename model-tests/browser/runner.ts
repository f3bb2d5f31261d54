// The browser-level runner: the same model paths as the machine level (./support/paths.ts), each
// driving the real UI of the production build on a country host and checking what the user sees
// after every step. Paths that use an event the UI cannot produce are skipped and counted with the
// reason. The page records the production actors' coverage (src/services/actor-coverage.ts) into
// `window.__modelCoverage`, which is saved per worker for the report.

import { expect, test, type Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import type { CoverageSink } from '../../src/services/actor-coverage';
import { rawFromSink, saveRaw } from '../support/coverage';
import { flowPaths, type FlowPath } from '../support/paths';

export interface BrowserFlow<C> {
  readonly name: string;
  readonly model: AnyStateMachine;
  readonly simplePathBound: number;
  /** Also one path per model transition (default: shortest and bounded simple paths only; the browser is slow). */
  readonly transitionCover?: boolean;
  /** Per path: a fresh context (the page, intercepted requests, ...). */
  setup(page: Page): Promise<C>;
  readonly events: Record<string, (context: C) => Promise<void>>;
  /** Model events the UI cannot produce, with the reason. */
  readonly unsupported: Record<string, string>;
  /** What the user must see in each model state. */
  readonly checks: Record<string, (context: C) => Promise<void>>;
}

export function browserPaths(flow: Pick<BrowserFlow<unknown>, 'model' | 'simplePathBound' | 'unsupported' | 'transitionCover'>) {
  const all = flowPaths(flow.model, flow.simplePathBound, { transitionCover: flow.transitionCover ?? false });
  const run: FlowPath[] = [];
  const skipped: { path: FlowPath; reason: string }[] = [];
  for (const path of all.paths) {
    const blocker = path.events.find((event) => event in flow.unsupported);
    if (blocker) skipped.push({ path, reason: `${blocker}: ${flow.unsupported[blocker]}` });
    else run.push(path);
  }
  return { ...all, run, skipped };
}

export function describeBrowserFlow<C extends { page: Page }>(flow: BrowserFlow<C>): void {
  const paths = browserPaths(flow);
  const sink: CoverageSink = {};
  let durationMs = 0;

  test.describe(`${flow.name} flow, browser level: ${paths.run.length} paths run, ${paths.skipped.length} need events the UI cannot produce`, () => {
    test.describe.configure({ mode: 'parallel' });

    for (const path of paths.run) {
      test(path.description, async ({ page }) => {
        const started = performance.now();
        await page.addInitScript(() => {
          window.__modelCoverage = {};
        });
        const context = await flow.setup(page);
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
          paths: { total: paths.run.length, shortest: paths.shortest, transitionCover: paths.transitionCover, simple: paths.simple, simpleTotal: paths.simpleTotal, bound: paths.bound },
          uncovered: Object.fromEntries(paths.skipped.map(({ path, reason }) => [`path: ${path.description}`, reason])),
          durationMs: Math.round(durationMs),
        },
        `-${info.workerIndex}`,
      );
    });
  });
}
