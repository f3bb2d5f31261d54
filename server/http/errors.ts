// API error answers in one shape (src/contracts/offers ApiErrorSchema): a message a person can act on
// and, for invalid input, the failing fields.

import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export interface FieldError {
  readonly path: string;
  readonly message: string;
}

export function zodFields(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(body)', message: issue.message }));
}

export function sendError(reply: FastifyReply, statusCode: number, error: string, message: string, extra: Record<string, unknown> = {}) {
  return reply.status(statusCode).send({ statusCode, error, message, ...extra });
}

export function sendBadRequest(reply: FastifyReply, message: string, fields?: readonly FieldError[]) {
  return sendError(reply, 400, 'Bad Request', message, fields ? { fields } : {});
}
