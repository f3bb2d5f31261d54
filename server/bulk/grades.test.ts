import { describe, expect, it } from 'vitest';
import { loadSeedCatalogue } from '../catalogue/seed';
import { priceOffer } from '../offers/pricing';
import { answersForGrade } from './grades';

describe('condition grades → answers (decision 038)', async () => {
  const catalogue = await loadSeedCatalogue();
  it('gives every category an answer per question, never a blocking one, and the grade as condition', () => {
    for (const set of catalogue.questionSets) {
      for (const [grade, conditionId] of [
        ['A', 1],
        ['B', 2],
        ['C', 3],
        ['D', 4],
      ] as const) {
        const result = priceOffer(500, set.questions, answersForGrade(set.questions, grade));
        expect(result.kind, `${set.key} ${grade}`).not.toBe('blocked');
        if (result.kind !== 'blocked') expect(result.conditionId, `${set.key} ${grade}`).toBe(conditionId);
      }
    }
  });

  it('prices A above B above C above D for a phone', () => {
    const phone = catalogue.questionSets.find((s) => s.key === 'phone')!.questions;
    const cents = (['A', 'B', 'C', 'D'] as const).map((g) => {
      const r = priceOffer(500, phone, answersForGrade(phone, g));
      return r.kind === 'blocked' ? -1 : r.priceCents;
    });
    expect(cents).toEqual([...cents].sort((a, b) => b - a));
    expect(new Set(cents).size).toBe(4);
  });
});
