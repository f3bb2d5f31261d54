// Condition grades of a bulk list → the answers of the device's own questions (decision 038), so a
// bulk offer is priced exactly like a device page answered the same way. One rule for every category:
//   A like new   — every question's best answer (grade 0, multiplier 1);
//   B good       — the cosmetic questions (display, housing, panel, glass) at light wear (grade 1);
//   C visible wear — the cosmetic questions at heavy wear (grade 2);
//   D defective  — the function question at "does not work / no power" (grade 3), neither blocking
//                  nor recycling; the rest best.
// Where a question has no answer of the wanted grade, its best answer is taken. Blocking answers
// (activation lock) and recycling answers are never chosen: the company vouches for removed locks.

import type { BulkGrade } from '../../src/contracts/bulk-offers';
import type { CatalogueAnswer, CatalogueQuestion } from '../catalogue/model';

export const COSMETIC_QUESTIONS = new Set(['display', 'housing', 'panel', 'glass']);
export const FUNCTION_QUESTION = 'function';

const usable = (answer: CatalogueAnswer) => !answer.blocks && !answer.recycling;
const best = (question: CatalogueQuestion) =>
  question.answers.find((a) => usable(a) && a.grade === 0 && a.multiplier === 1) ?? question.answers.find(usable) ?? question.answers[0]!;
/** The answer of `grade` with the highest price factor (the mildest of that grade), else the best answer. */
const ofGrade = (question: CatalogueQuestion, grade: number) =>
  question.answers.filter((a) => usable(a) && a.grade === grade).sort((a, b) => b.multiplier - a.multiplier)[0] ?? best(question);

function answerFor(question: CatalogueQuestion, grade: BulkGrade): CatalogueAnswer {
  const code = question.code.toLowerCase();
  if (grade === 'B' && COSMETIC_QUESTIONS.has(code)) return ofGrade(question, 1);
  if (grade === 'C' && COSMETIC_QUESTIONS.has(code)) return ofGrade(question, 2);
  if (grade === 'D' && code === FUNCTION_QUESTION) return ofGrade(question, 3);
  return best(question);
}

/** Question id → answer id for a device's questions at `grade` (the offer request's `answers`). */
export function answersForGrade(questions: readonly CatalogueQuestion[], grade: BulkGrade): Record<string, number> {
  return Object.fromEntries(questions.map((question) => [String(question.id), answerFor(question, grade).id]));
}
