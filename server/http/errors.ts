// API error answers in one shape (src/contracts/offers ApiErrorSchema): a message a person can act on
// and, for invalid input, the failing fields. Routes and services throw an HttpError; the app's
// error handler (apiErrorHandler) turns it, a body the route schema refused and any other failure
// into that answer.

import { STATUS_CODES } from 'node:http';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldIssues, issueCode, type FieldIssue } from '../../src/contracts/issues';
import { withoutParameters } from '../db/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message of the 400 answer when the route's body schema refuses the body. */
    invalidBody?: string;
  }
}

/** A failing field of a 400 answer: its path, its issue code (src/contracts/issues) and an English message. */
export type FieldError = FieldIssue;

const fieldPath = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(body)';

/**
 * An answer other than success: `{statusCode, error, message, ...details}` with `headers` (e.g.
 * Retry-After, WWW-Authenticate). Thrown anywhere below a route, sent by apiErrorHandler.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: readonly FieldError[]) =>
  new HttpError(400, 'Bad Request', message, fields ? { fields } : {});

export const notFound = (message: string, headers?: Record<string, string>) => new HttpError(404, 'Not Found', message, {}, headers);

export const conflict = (message: string) => new HttpError(409, 'Conflict', message);

export function tooManyRequests(retryAfterSeconds: number, message: string) {
  return new HttpError(429, 'Too Many Requests', message, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
}

/** 401 for a bearer-token call: `expired` when a token was sent but is not (or no longer) valid. */
export function unauthorized(message: string, expired: boolean) {
  return new HttpError(401, 'Unauthorized', message, {}, { 'WWW-Authenticate': expired ? 'Bearer error="invalid_token"' : 'Bearer' });
}

/**
 * The value parsed by `schema`, or a 400 naming the failing fields (for schemas a route cannot declare, e.g. per shop).
 * Any zod 4 schema: the contracts are zod/mini's, which classic zod's functions parse alike (decision 097).
 */
export function parseOr400<S extends z.core.$ZodType>(schema: S, value: unknown, message: string): z.output<S> {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw badRequest(message, fieldIssues(parsed.error));
  return parsed.data;
}

function send(reply: FastifyReply, statusCode: number, error: string, message: string, details: Readonly<Record<string, unknown>> = {}) {
  return reply.status(statusCode).send({ statusCode, error, message, ...details });
}

function isQueryError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e instanceof DrizzleQueryError) return true;
  return false;
}

/** The app's error handler: HttpError and refused bodies as API errors, other 4xx as Bad Request, the rest 500. */
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return send(reply, error.statusCode, error.error, error.message, error.details);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The type provider reports each zod issue with its path as a JSON pointer, its code as the
    // keyword and the rest of the issue as params.
    const fields = error.validation.map((issue): FieldError => ({
      path: fieldPath(
        issue.instancePath
          .split('/')
          .slice(1)
          .filter((p) => p !== ''),
      ),
      code: issueCode({ ...issue.params, code: issue.keyword }),
      message: issue.message ?? 'This value is not valid.',
    }));
    return send(reply, 400, 'Bad Request', request.routeOptions.config.invalidBody ?? 'The request is not valid.', { fields });
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  // A database error's message carries the query's parameters (e-mail addresses, IBANs): only its code and the driver's message are logged.
  if (status >= 500) request.log.error({ err: isQueryError(error) ? withoutParameters(error, 'database query') : error }, 'request failed');
  if (status >= 500) return send(reply, status, 'Internal Server Error', 'Something went wrong on our side. Please try again.');
  // Every other refusal of Fastify or a plugin is named by its status (413 Payload Too Large, 415 Unsupported Media Type, …).
  return send(reply, status, STATUS_CODES[status] ?? 'Bad Request', FRAMEWORK_MESSAGES[error.code] ?? error.message);
}

/** Clear messages for the refusals of Fastify and its plugins that a client can cause. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large for this endpoint.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This endpoint does not accept a body of this Content-Type: send application/json (or the form type its documentation names).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty although its Content-Type is application/json: send a JSON body or no Content-Type.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_PARTS_LIMIT: 'The form has too many parts for this endpoint.',
  FST_FILES_LIMIT: 'This form takes no more files (or none at all).',
  FST_FIELDS_LIMIT: 'The form has too many fields for this endpoint.',
  FST_REQ_FILE_TOO_LARGE: 'A file of the form is too large for this endpoint.',
};
