// How catalogue searches reach the engine: one function taking the body of product §7 POST /searches.
// The browser sends it over HTTP; the server's renderer calls its engine in process (no request to
// itself). Type-only, so the route tree can name it without loading the catalogue code.

export interface SearchRequest {
  readonly search: Record<string, unknown>;
  /** Index name from the locale's elasticIndexes, e.g. `de_devices`. */
  readonly application: string;
  readonly resultSize: number;
  /** The text a seller submitted on the results page (counted for the zero-result report). */
  readonly submitted?: string;
}

/** Resolves to the Elasticsearch-shaped answer (parsed by the caller), rejects when the search fails. */
export type SearchTransport = (request: SearchRequest) => Promise<unknown>;
