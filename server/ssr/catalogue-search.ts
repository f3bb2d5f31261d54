// The catalogue search the server's renderer hands its route loaders: the engine called in process,
// so rendering a page makes no request to the shop's own POST /searches (no encoding, no parsing
// of a response, no second trip through the HTTP stack).

import type { SearchTransport } from '../../src/services/catalogue/transport';
import type { SubmittedSearchCounter } from '../catalogue/search-log';
import type { SearchBackend } from '../catalogue/search-service';

export function inProcessSearch(backend: SearchBackend, countSubmitted?: SubmittedSearchCounter): SearchTransport {
  return async (request) => {
    const response = await backend.search(request.application, request.search, request.resultSize);
    if (request.submitted !== undefined) countSubmitted?.(request, response);
    return response;
  };
}
