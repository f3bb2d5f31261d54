// The relevance sets at their recorded scores (issue 30, decision 082): a ranking change that loses a
// model query or a family query fails here; a change that wins one records the new score.

import { describe, expect, it } from 'vitest';
import { measureRelevance } from '../bench/search-relevance';

describe('search relevance', () => {
  it('keeps the model, typo and model-number set at its score', () => {
    const r = measureRelevance('queries');
    expect(r.queries).toBe(225);
    expect(r.hitAt1).toBeGreaterThanOrEqual(210);
    expect(r.hitAt3).toBeGreaterThanOrEqual(224);
    expect(r.zeroResults).toBe(0);
    expect(r.byKind['typo']).toMatchObject({ hitAt3: 63 });
    expect(r.byKind['model number']).toMatchObject({ hitAt1: 18, hitAt3: 18 });
  });

  it('puts the current line among the first three models of a family query in every shop language', () => {
    const r = measureRelevance('families');
    expect(r.queries).toBeGreaterThanOrEqual(40);
    expect(r.hitAt3).toBe(r.queries);
    expect(r.hitAt1).toBeGreaterThanOrEqual(42);
  });
});
