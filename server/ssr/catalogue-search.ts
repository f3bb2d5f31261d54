// The catalogue search the server's renderer hands its route loaders: the engine called in process,
// so rendering a page makes no request to the shop's own POST /searches (no encoding, no parsing
// of a response, no second trip through the HTTP stack).

import type { SearchRequest } from '../../src/contracts/search';
import type { SearchTransport } from '../../src/services/catalogue/transport';
import type { SearchBackend } from '../catalogue/search-service';

/** Told of every search a seller submitted on the results page, with its answer (zero-result counts). */
export type SubmittedSearchCounter = (request: SearchRequest, response: unknown) => void;

export function inProcessSearch(backend: SearchBackend, countSubmitted?: SubmittedSearchCounter): SearchTransport {
  return async (request) => {
    const response = await backend.search(request.application, request.search, request.resultSize);
    if (request.submitted !== undefined) countSubmitted?.(request, response);
    return response;
  };
}
