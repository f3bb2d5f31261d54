// The runner catches an implementation that diverges from its model: an offer machine that never
// prices the last answer (a deliberately broken variant) fails the model paths that expect the price.

import { describe, expect, it } from 'vitest';
import { offerMachine } from '../src/machines/offer';
import { offerFlow } from './offer.flow';
import { CoverageRecorder } from './support/coverage';
import { runPath } from './support/machine-runner';
import { flowPaths } from './support/paths';

describe('the machine-level runner', () => {
  const broken = offerMachine.provide({ guards: { completesAnswers: () => false } });
  const flow = offerFlow(broken);
  const paths = flowPaths(flow.model, 0).paths;

  it('reports the step where a broken machine leaves the model', async () => {
    // The shortest way to a price opens the page with the first answer, then gives the other two.
    const pricing = paths.find((path) => /^OPEN(?:_AND_ANSWER)?(?: ANSWER)+$/.test(path.events.join(' ')) && path.events.length > 1);
    expect(pricing, 'the model has the path to a price').toBeDefined();
    const lastAnswer = pricing!.events.length;
    await expect(runPath(flow, pricing!, new CoverageRecorder([broken]))).rejects.toThrow(
      new RegExp(`step ${lastAnswer} \\(ANSWER\\) should reach calculating = calculating`),
    );
  });

  it('fails every path through the price, and only those', async () => {
    const outcomes = await Promise.all(
      paths.map(async (path) => ({
        path,
        failed: await runPath(flow, path, new CoverageRecorder([broken])).then(
          () => false,
          () => true,
        ),
      })),
    );
    const throughPrice = (events: readonly string[]) =>
      events.includes('PRICED') || events.includes('REFUSED') || events.includes('PRICE_FAILED');
    const questionPaths = outcomes.filter(({ path }) => path.events[0] === 'OPEN' || path.events[0] === 'OPEN_WITHOUT_STORAGE');
    for (const { path, failed } of questionPaths)
      expect(failed, path.description).toBe(throughPrice(path.events) || path.states.includes('calculating'));
    // The same paths pass on the real machine.
    for (const { path } of questionPaths)
      await expect(runPath(offerFlow(), path, new CoverageRecorder([offerMachine]))).resolves.toBeUndefined();
  });
});
