// The frame of every customer-data route: the bearer token first (401, server/accounts/access-tokens),
// then the service, whose CustomerDataError becomes the API error answer. Any other failure reaches
// the app's error handler (500) as a message without the query parameters, which may hold an IBAN.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireCustomer, type AccessSubject } from '../accounts/access-tokens';
import type { AccountServices } from '../accounts/services';
import { sendError } from '../http/errors';
import { pathOnly } from '../logger';
import { withoutParameters } from '../db/errors';
import { CustomerDataError } from './errors';

export interface CustomerCall {
  readonly caller: AccessSubject;
  readonly request: FastifyRequest;
  readonly now: Date;
}

export interface Answer {
  readonly statusCode: 200 | 201;
  readonly body: unknown;
}

export const ok = (body: unknown): Answer => ({ statusCode: 200, body });
export const created = (body: unknown): Answer => ({ statusCode: 201, body });

export function customerHandler(accounts: Pick<AccountServices, 'tokens' | 'now'>, handle: (call: CustomerCall) => Promise<Answer>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await requireCustomer(accounts.tokens, request, reply);
    if (!caller) return reply;
    let answer: Answer;
    try {
      answer = await handle({ caller, request, now: new Date(accounts.now?.() ?? Date.now()) });
    } catch (error) {
      if (!(error instanceof CustomerDataError)) throw withoutParameters(error, `${request.method} ${pathOnly(request.url)}`);
      if (error.statusCode === 401) reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return sendError(reply, error.statusCode, error.error, error.message, error.fields ? { fields: error.fields } : {});
    }
    return reply.status(answer.statusCode).send(answer.body);
  };
}
