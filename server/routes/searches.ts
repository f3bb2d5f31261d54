// POST {trade base}/searches (spec §7): {search, application, resultSize} → Elasticsearch-shaped hits.
// Unsupported clauses and malformed bodies are 400s naming the problem; an optional basic
// authorisation (development, spec §7) is checked when configured.

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SearchRequestSchema } from '../../src/contracts/search';
import { UnknownIndexError, type SearchBackend } from '../catalogue/search-service';
import { sendBadRequest, sendError, zodFields } from '../http/errors';
import { SearchBodyError, UnsupportedClauseError } from '../search/errors';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerSearchRoutes(app: FastifyInstance, search: SearchBackend, basicAuth?: string) {
  app.post('/searches', async (request, reply) => {
    if (basicAuth) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString() : '';
      if (!sameSecret(given, basicAuth)) {
        reply.header('WWW-Authenticate', 'Basic realm="searches"');
        return sendError(reply, 401, 'Unauthorized', 'This search endpoint needs basic authorisation.');
      }
    }
    const parsed = SearchRequestSchema.safeParse(request.body);
    if (!parsed.success) return sendBadRequest(reply, 'The search request is not valid.', zodFields(parsed.error));
    const { search: body, application, resultSize } = parsed.data;
    try {
      return await search.search(application, body, resultSize);
    } catch (error) {
      if (error instanceof UnsupportedClauseError) return sendError(reply, 400, 'Bad Request', error.message, { clause: error.clause });
      if (error instanceof SearchBodyError || error instanceof UnknownIndexError) return sendBadRequest(reply, error.message);
      request.log.error({ err: error, application }, 'search failed');
      throw error;
    }
  });
}
