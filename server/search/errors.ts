// The two errors the search engine throws on user input; the HTTP layer answers both with 400.
// Anything else escaping `SearchIndex.search` is a bug in the engine.

/** A query, aggregation or sort clause outside the Elasticsearch subset the engine implements. */
export class UnsupportedClauseError extends Error {
  readonly clause: string;

  constructor(clause: string, message = `unsupported query clause "${clause}"`) {
    super(message);
    this.name = 'UnsupportedClauseError';
    this.clause = clause;
  }
}

/** A malformed search body: wrong types, unknown parameters, values the field cannot take, bad sizes. */
export class SearchBodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchBodyError';
  }
}
