// Input that cannot reach the database as something it refuses (issue: NUL bytes and lone
// surrogates answered 500, a body nested 10,000 deep overflowed the stack). Before any API route
// validates its input, every string of the body, the query and the path parameters is checked by the
// contracts' text rule (src/contracts/text.ts) and normalised to NFC in place, and a JSON body may be
// at most BODY_LIMITS deep and large. A refused input is a 400 naming the field.

import type { FastifyInstance } from 'fastify';
import { isCleanText, normalizedText } from '../../src/contracts/text';
import { badRequest } from './errors';

/** Nesting depth and number of values (strings, numbers, entries, ...) a request may carry. */
export const BODY_LIMITS = { depth: 32, values: 10_000 } as const;

export type InputProblem = { readonly kind: 'tooComplex' } | { readonly kind: 'text'; readonly path: string };

interface Pending {
  readonly holder: Record<string, unknown> | unknown[];
  readonly key: string | number;
  readonly path: readonly (string | number)[];
  readonly depth: number;
}

/**
 * Checks every string in `root` (iteratively: no depth can overflow the stack) and replaces each by
 * its NFC form. Returns the first problem, or null when the input may go on.
 */
export function cleanInput(root: unknown, limits: { depth: number; values: number } = BODY_LIMITS): InputProblem | null {
  const top = { root };
  const pending: Pending[] = [{ holder: top, key: 'root', path: [], depth: 0 }];
  let values = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { holder, key, path, depth } = next;
    const value = (holder as Record<string | number, unknown>)[key];
    if (++values > limits.values || depth > limits.depth) return { kind: 'tooComplex' };
    if (typeof value === 'string') {
      if (!isCleanText(value)) return { kind: 'text', path: path.join('.') || '(body)' };
      const normal = normalizedText(value);
      if (normal !== value) (holder as Record<string | number, unknown>)[key] = normal;
    } else if (Array.isArray(value)) {
      if (values + pending.length + value.length > limits.values) return { kind: 'tooComplex' };
      value.forEach((_, index) => pending.push({ holder: value, key: index, path: [...path, index], depth: depth + 1 }));
    } else if (value !== null && typeof value === 'object') {
      const names = Object.keys(value);
      if (values + pending.length + names.length > limits.values) return { kind: 'tooComplex' };
      for (const name of names) {
        if (!isCleanText(name)) return { kind: 'text', path: [...path, name].join('.') };
        pending.push({ holder: value as Record<string, unknown>, key: name, path: [...path, name], depth: depth + 1 });
      }
    }
  }
  return null;
}

const TEXT_MESSAGE = 'This text contains characters we cannot accept (control characters or broken Unicode). Please type it again.';

/** The 400 for a refused input. */
export function inputRefusal(problem: InputProblem) {
  return problem.kind === 'tooComplex'
    ? badRequest(
        `The request is nested too deeply or carries too many values (at most ${BODY_LIMITS.depth} levels and ${BODY_LIMITS.values} values).`,
      )
    : badRequest('Some text contains characters we cannot accept. Please type it again.', [
        { path: problem.path, code: 'invalidCharacters', message: TEXT_MESSAGE },
      ]);
}

/** Checks the input of every API route before its schema or handler sees it. */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const input of [request.params, request.query, request.body]) {
      const problem = cleanInput(input);
      if (problem) throw inputRefusal(problem);
    }
  });
}
