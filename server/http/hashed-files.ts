// How the build's content-hashed files (the shop's and the back office's assets, the generated
// device pictures) are cached: for a year, never revalidated. A file whose name changes with its
// content needs no validators and is never fetched in parts (decision 102: a first visit fetches a
// dozen scripts, and every header line costs it bytes).

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** @fastify/static's send options for a content-hashed file: no ETag, no Last-Modified, no ranges. */
export const HASHED_FILE = { etag: false, lastModified: false, acceptRanges: false } as const;
