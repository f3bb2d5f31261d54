// The frame of every customer-data route: the bearer token first (401, before the body is checked),
// then the body against the route's schema (400 with `fields`), then the service. HttpErrors of the
// services reach the app's error handler as they are; any other failure becomes a message without
// the query parameters, which may hold an IBAN.

import type { FastifyRequest, RouteShorthandOptionsWithHandler } from 'fastify';
import type { z } from 'zod';
import { requireCustomer, type AccessSubject } from './access-tokens';
import type { AccountServices } from './services';
import { withoutParameters } from '../db/errors';
import { HttpError } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { pathOnly } from '../platform/logger';

export interface CustomerCall<Body = unknown> {
  readonly caller: AccessSubject;
  readonly request: FastifyRequest;
  /** The body as the route's schema parsed it (undefined without a schema). */
  readonly body: Body;
  readonly now: Date;
}

export interface Answer {
  readonly statusCode: 200 | 201;
  readonly body: unknown;
}

export const ok = (body: unknown): Answer => ({ statusCode: 200, body });
export const created = (body: unknown): Answer => ({ statusCode: 201, body });

export interface BodyRule<S extends z.core.$ZodType> {
  readonly schema: S;
  /** The message of the 400 answer when the body does not fit. */
  readonly invalid: string;
}

/** Route options of a customer-data call: no-store, token check, optional body schema, the handler. */
export function customerRoute<S extends z.core.$ZodType = z.core.$ZodUnknown>(
  accounts: Pick<AccountServices, 'tokens' | 'now'>,
  body: BodyRule<S> | undefined,
  handle: (call: CustomerCall<z.output<S>>) => Promise<Answer>,
): RouteShorthandOptionsWithHandler {
  const callers = new WeakMap<FastifyRequest, AccessSubject>();
  return {
    ...NO_STORE,
    preValidation: async (request) => {
      callers.set(request, await requireCustomer(accounts.tokens, request));
    },
    ...(body && { schema: { body: body.schema }, config: { invalidBody: body.invalid } }),
    handler: async (request, reply) => {
      const caller = callers.get(request)!;
      let answer: Answer;
      try {
        // The validator compiler has replaced the body with the schema's output.
        answer = await handle({ caller, request, body: request.body as z.output<S>, now: new Date(accounts.now?.() ?? Date.now()) });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw withoutParameters(error, `${request.method} ${pathOnly(request.url)}`);
      }
      return reply.status(answer.statusCode).send(answer.body);
    },
  };
}
