// The coverage goal that `npm test` enforces after the browser paths (model-tests/report.ts): the
// real offer machine driven through its model paths meets it; the same run with one path left out
// misses it, at the machine level (a transition or state nobody else reaches) and at the browser
// level (below the machine's floor).

import { describe, expect, it } from 'vitest';
import { offerMachine } from '../../src/machines/offer';
import { offerFlow } from '../offer.flow';
import { CoverageRecorder, goalFailures, summarize, type BrowserFloor } from './coverage';
import { runPath, TRANSITION_GOAL } from './machine-runner';
import { flowPaths } from './paths';

const flow = offerFlow(offerMachine);
const { paths } = flowPaths(flow.model, 0);

async function coverageOf(selected: typeof paths) {
  const recorder = new CoverageRecorder([offerMachine]);
  for (const path of selected) await runPath(flow, path, recorder);
  return summarize([offerMachine], [recorder.raw('browser', 'offer')]);
}

describe('the coverage goal', () => {
  it('is met by every path, with the floor at what they reach', async () => {
    const all = await coverageOf(paths);
    const floor: BrowserFloor = { offer: { states: all[0]!.states.reached, transitions: all[0]!.transitions.taken } };
    expect(all[0]!.states.missing).toEqual([]);
    expect(goalFailures(all, all, floor, TRANSITION_GOAL)).toEqual([]);
  });

  it('fails when a path is removed: the states and transitions only it reached are missing', async () => {
    const all = await coverageOf(paths);
    const floor: BrowserFloor = { offer: { states: all[0]!.states.reached, transitions: all[0]!.transitions.taken } };
    // The one path to the "expired" state of a shared offer, taken out.
    const removed = paths.filter((path) => !path.states.includes('expired'));
    expect(removed.length).toBeLessThan(paths.length);
    const fewer = await coverageOf(removed);
    const failures = goalFailures(fewer, fewer, floor, TRANSITION_GOAL);
    expect(failures).toContain('offer: 1 state(s) never reached');
    expect(failures.some((f) => /^offer: the browser reached \d+ states and \d+ transitions, below its floor of/.test(f))).toBe(true);
    // Only the browser fell short (the machine level still has every path): the floor alone fails it.
    expect(goalFailures(all, fewer, floor, TRANSITION_GOAL)).toEqual([failures.at(-1)]);
  });

  it('fails below the transition goal even with every state reached', () => {
    const m = {
      machine: 'shop',
      states: { reached: 8, total: 8, missing: [] },
      transitions: { taken: 20, total: 22, missing: ['a', 'b'] },
    };
    expect(goalFailures([m], [m], {}, TRANSITION_GOAL)).toEqual(['shop: transitions 20/22, below 95%']);
    expect(goalFailures([{ ...m, transitions: { taken: 21, total: 22, missing: ['a'] } }], [m], {}, TRANSITION_GOAL)).toEqual([]);
  });

  it('counts a machine the browser never ran as zero against its floor', () => {
    expect(goalFailures([], [], { contact: { states: 1, transitions: 0 } }, TRANSITION_GOAL)).toEqual([
      'contact: the browser reached 0 states and 0 transitions, below its floor of 1 and 0',
    ]);
  });
});
