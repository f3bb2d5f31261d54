// Degraded, not down (issue 30, decision 082): with SEARCH_URL, a search Elasticsearch cannot answer
// (unreachable, timing out, 5xx) is answered by the embedded engine over the in-process catalogue
// instead, so catalogue pages, the home page and the search box keep working. A refused body is still
// the caller's 400 (both backends refuse alike). After a failure the cluster is left alone for a
// while, so pages do not each wait for its timeout; /readyz reports the state, /metrics the failures.

import { SearchBodyError, UnsupportedClauseError } from '../search/errors';
import { UnknownIndexError, type SearchBackend, type SearchBackendStatus } from './search-service';

/** How long searches go straight to the embedded engine after the cluster failed. */
export const RETRY_AFTER_MS = 30_000;

const isRefusal = (error: unknown) =>
  error instanceof SearchBodyError || error instanceof UnsupportedClauseError || error instanceof UnknownIndexError;

export class FallbackSearch implements SearchBackend {
  private failedAt: number | null = null;
  private failureCount = 0;

  constructor(
    private readonly primary: SearchBackend,
    private readonly fallback: SearchBackend,
    private readonly onFailure: (error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async search(application: string, body: Record<string, unknown>, resultSize: number): Promise<unknown> {
    if (this.failedAt !== null && this.now() - this.failedAt < RETRY_AFTER_MS) return this.fallback.search(application, body, resultSize);
    try {
      const answer = await this.primary.search(application, body, resultSize);
      this.failedAt = null;
      return answer;
    } catch (error) {
      if (isRefusal(error)) throw error;
      this.failedAt = this.now();
      this.failureCount++;
      this.onFailure(error);
      return this.fallback.search(application, body, resultSize);
    }
  }

  status(): SearchBackendStatus {
    return { backend: 'elasticsearch', state: this.failedAt === null ? 'ok' : 'degraded', failures: this.failureCount };
  }
}
