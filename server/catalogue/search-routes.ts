// POST {trade base}/searches (product §7): {search, application, resultSize} → Elasticsearch-shaped hits.
// Unsupported clauses and malformed bodies are 400s naming the problem; an optional basic
// authorisation (development, product §7) is checked when configured, before the body.

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SearchRequestSchema } from '../../src/contracts/search';
import { UnknownIndexError, type SearchBackend } from './search-service';
import type { SubmittedSearchCounter } from './search-log';
import { badRequest, HttpError } from '../http/errors';
import { SearchBodyError, UnsupportedClauseError } from '../search/errors';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SearchRouteOptions {
  readonly search: SearchBackend;
  /** `user:password` that POST /searches then requires (SEARCH_BASIC_AUTH). */
  readonly basicAuth?: string | undefined;
  /** Counts searches submitted on the results page (decision 041). */
  readonly countSubmitted?: SubmittedSearchCounter | undefined;
}

export function registerSearchRoutes(server: FastifyInstance, { search, basicAuth, countSubmitted }: SearchRouteOptions) {
  const authorise = async (request: FastifyRequest) => {
    if (!basicAuth) return;
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString() : '';
    if (!sameSecret(given, basicAuth)) {
      throw new HttpError(
        401,
        'Unauthorized',
        'This search endpoint needs basic authorisation.',
        {},
        { 'WWW-Authenticate': 'Basic realm="searches"' },
      );
    }
  };

  server
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/searches',
      { preValidation: authorise, schema: { body: SearchRequestSchema }, config: { invalidBody: 'The search request is not valid.' } },
      async (request) => {
        const { search: body, application, resultSize } = request.body;
        try {
          const response = await search.search(application, body, resultSize);
          if (request.body.submitted !== undefined) countSubmitted?.(request.body, response);
          return response;
        } catch (error) {
          if (error instanceof UnsupportedClauseError) throw new HttpError(400, 'Bad Request', error.message, { clause: error.clause });
          if (error instanceof SearchBodyError || error instanceof UnknownIndexError) throw badRequest(error.message);
          request.log.error({ err: error, application }, 'search failed');
          throw error;
        }
      },
    );
}
