import { describe, expect, it } from 'vitest';
import type { CatalogueAnswer, CatalogueQuestion } from '../catalogue/model';
import { PricingInputError, priceOffer, truncatedPriceCents } from './pricing';

const text = { default: 'x', de: 'x', at: 'x', es: 'x', fr: 'x', it: 'x' };
const answer = (id: number, multiplier: number, extra: Partial<CatalogueAnswer> = {}): CatalogueAnswer => ({
  id,
  code: `A${id}`,
  text,
  multiplier,
  grade: 0,
  blocks: false,
  recycling: false,
  ...extra,
});
const question = (id: number, answers: CatalogueAnswer[]): CatalogueQuestion => ({
  id,
  code: `Q${id}`,
  platforms: {},
  sort: id,
  question: text,
  description: text,
  answers,
});

const QUESTIONS = [
  question(1, [answer(11, 1), answer(12, 0.85, { grade: 1 }), answer(13, 0.45, { grade: 3 })]),
  question(2, [answer(21, 1), answer(22, 0.9, { grade: 2 }), answer(23, 1, { blocks: true, code: 'LOCK_ON' })]),
  question(3, [answer(31, 1), answer(32, 1, { recycling: true, grade: 3 })]),
];

describe('price = base × multipliers, truncated to cents', () => {
  it('keeps the base price for the best answers (condition 1)', () => {
    expect(priceOffer(420, QUESTIONS, { 1: 11, 2: 21, 3: 31 })).toEqual({ kind: 'purchase', priceCents: 42000, conditionId: 1 });
  });
  it('multiplies every chosen factor and takes the worst grade', () => {
    // 333 × 0.85 × 0.9 = 254.745 → 254.74 (truncated, not rounded)
    expect(priceOffer(333, QUESTIONS, { 1: 12, 2: 22, 3: 31 })).toEqual({ kind: 'purchase', priceCents: 25474, conditionId: 3 });
  });
  it('truncates where floating point would round up', () => {
    expect(truncatedPriceCents(1, [0.29, 3])).toBe(87);
    expect(truncatedPriceCents(19, [0.999])).toBe(1898);
    expect(truncatedPriceCents(0.07, [1])).toBe(7);
  });
  it('differs per country base price', () => {
    const de = priceOffer(500, QUESTIONS, { 1: 12, 2: 21, 3: 31 });
    const es = priceOffer(475, QUESTIONS, { 1: 12, 2: 21, 3: 31 });
    expect(de).toMatchObject({ priceCents: 42500 });
    expect(es).toMatchObject({ priceCents: 40375 });
  });
});

describe('blocking and recycling answers', () => {
  it('blocks the purchase and names the answer', () => {
    expect(priceOffer(420, QUESTIONS, { 1: 11, 2: 23, 3: 32 })).toEqual({
      kind: 'blocked',
      blockedBy: [{ questionId: 2, answerId: 23, code: 'LOCK_ON' }],
    });
  });
  it('turns a recycling answer into a free recycling offer', () => {
    expect(priceOffer(420, QUESTIONS, { 1: 11, 2: 21, 3: 32 })).toEqual({ kind: 'recycling', priceCents: 0, conditionId: 4 });
  });
  it('recycles a device worth less than one euro', () => {
    expect(priceOffer(2, QUESTIONS, { 1: 13, 2: 21, 3: 31 })).toEqual({ kind: 'recycling', priceCents: 0, conditionId: 4 });
    expect(priceOffer(3, QUESTIONS, { 1: 13, 2: 21, 3: 31 })).toEqual({ kind: 'purchase', priceCents: 135, conditionId: 4 });
  });
});

describe('answers must fit the questions', () => {
  it('refuses a missing answer, naming the question', () => {
    expect(() => priceOffer(1, QUESTIONS, { 1: 11, 2: 21 })).toThrow(PricingInputError);
    try {
      priceOffer(1, QUESTIONS, { 1: 11, 2: 21 });
    } catch (e) {
      expect((e as PricingInputError).fields).toEqual([{ path: 'answers.3', code: 'required', message: 'Please answer "Q3".' }]);
    }
  });
  it('refuses an answer of another question and an unknown question', () => {
    try {
      priceOffer(1, QUESTIONS, { 1: 21, 2: 21, 3: 31, 9: 11 });
      expect.unreachable();
    } catch (e) {
      expect((e as PricingInputError).fields.map((f) => f.path).sort()).toEqual(['answers.1', 'answers.9']);
    }
  });
});
