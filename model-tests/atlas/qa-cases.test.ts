// The QA test cases (docs/flows/<flow>.cases.md): every model path the runners take is a numbered
// case, each step names its event in words and what the user must see after it (the model state's
// `meta.sees`), and the pages are part of the stale-checked atlas (atlas.test.ts).

import { describe, expect, it } from 'vitest';
import { flowPaths } from '../support/paths';
import { eventWords, FLOW_MODELS, leadingComment, renderCasePages } from './qa-cases';

describe('QA test cases', () => {
  it('has one page per flow model, a case per path the runners take, and a step per event', async () => {
    const pages = await renderCasePages();
    expect([...pages.keys()].sort()).toEqual(
      Object.keys(FLOW_MODELS)
        .map((flow) => `${flow}.cases.md`)
        .sort(),
    );
    for (const [flow, { model }] of Object.entries(FLOW_MODELS)) {
      const page = pages.get(`${flow}.cases.md`)!;
      const { paths } = flowPaths(model, 0, { transitionCover: true });
      expect(page.match(/^## Case \d+/gm), flow).toHaveLength(paths.length);
      const steps = page.match(/^\d+\. .+ \(`[A-Z_]+`\)\. You see: .+ \(`[\w.]+`\)\.$/gm) ?? [];
      expect(steps, flow).toHaveLength(paths.reduce((sum, path) => sum + path.events.length, 0));
      expect(page, flow).not.toMatch(/undefined|\[object/);
    }
  });

  it('writes what the seller sees in words: the offer flow reaching an expired shared offer', async () => {
    const page = (await renderCasePages()).get('offer.cases.md')!;
    expect(page).toContain(
      '1. Open shared expired (`OPEN_SHARED_EXPIRED`). You see: the expired offer with its answers and "get a new offer" (`expired`).',
    );
    expect(page).toContain('The offer flow as the seller lives it');
  });

  it('turns event names into words and reads the leading comment of a model file', () => {
    expect(eventWords('SERVER_SAYS_NOT_FOUND')).toBe('Server says not found');
    expect(eventWords('RETRY')).toBe('Retry');
    expect(leadingComment('// The flow\n// in two lines.\n\nimport x;\n// not this')).toBe('The flow in two lines.');
  });
});
