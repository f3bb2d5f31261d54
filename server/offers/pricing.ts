// Offer pricing (product §10), on the server only: base price × the multipliers of the chosen
// answers, truncated to cents; an answer can block the purchase or turn it into free recycling; the
// condition grade follows the worst answer. Integer arithmetic, so no float ever rounds a price up.

import type { FieldIssue } from '../../src/contracts/issues';
import type { CatalogueQuestion } from '../catalogue/model';

export class PricingInputError extends Error {
  constructor(
    message: string,
    readonly fields: FieldIssue[],
  ) {
    super(message);
    this.name = 'PricingInputError';
  }
}

export type PricingResult =
  | { readonly kind: 'blocked'; readonly blockedBy: { questionId: number; answerId: number; code: string }[] }
  | { readonly kind: 'purchase' | 'recycling'; readonly priceCents: number; readonly conditionId: 1 | 2 | 3 | 4 };

/** Below one euro a device is taken for free recycling rather than bought. */
export const MINIMUM_PURCHASE_CENTS = 100;
const MULTIPLIER_SCALE = 10_000n;

/** Checks that every question is answered exactly once with one of its own answers. */
export function validateAnswers(questions: readonly CatalogueQuestion[], answers: Record<string, number>): void {
  const fields: FieldIssue[] = [];
  const known = new Map(questions.map((q) => [String(q.id), q]));
  for (const questionId of Object.keys(answers)) {
    if (!known.has(questionId))
      fields.push({ path: `answers.${questionId}`, code: 'invalid', message: 'This question does not belong to the device.' });
  }
  for (const q of questions) {
    const answerId = answers[String(q.id)];
    if (answerId === undefined) fields.push({ path: `answers.${q.id}`, code: 'required', message: `Please answer "${q.code}".` });
    else if (!q.answers.some((a) => a.id === answerId))
      fields.push({ path: `answers.${q.id}`, code: 'invalid', message: 'This answer does not belong to the question.' });
  }
  if (fields.length > 0) throw new PricingInputError('Some answers are missing or do not fit the device.', fields);
}

/** Truncates base × Π multipliers to whole cents. */
export function truncatedPriceCents(baseEuros: number, multipliers: readonly number[]): number {
  let numerator = BigInt(Math.round(baseEuros * 100));
  let denominator = 1n;
  for (const m of multipliers) {
    numerator *= BigInt(Math.round(m * Number(MULTIPLIER_SCALE)));
    denominator *= MULTIPLIER_SCALE;
  }
  return Number(numerator / denominator);
}

export function priceOffer(baseEuros: number, questions: readonly CatalogueQuestion[], answers: Record<string, number>): PricingResult {
  validateAnswers(questions, answers);
  const chosen = questions.map((q) => ({ question: q, answer: q.answers.find((a) => a.id === answers[String(q.id)])! }));
  const blockedBy = chosen
    .filter(({ answer }) => answer.blocks)
    .map(({ question, answer }) => ({ questionId: question.id, answerId: answer.id, code: answer.code }));
  if (blockedBy.length > 0) return { kind: 'blocked', blockedBy };

  const worstGrade = Math.max(0, ...chosen.map(({ answer }) => answer.grade));
  const conditionId = (worstGrade + 1) as 1 | 2 | 3 | 4;
  if (chosen.some(({ answer }) => answer.recycling)) return { kind: 'recycling', priceCents: 0, conditionId: 4 };

  const priceCents = truncatedPriceCents(
    baseEuros,
    chosen.map(({ answer }) => answer.multiplier),
  );
  if (priceCents < MINIMUM_PURCHASE_CENTS) return { kind: 'recycling', priceCents: 0, conditionId };
  return { kind: 'purchase', priceCents, conditionId };
}
