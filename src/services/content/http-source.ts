// The browser's content pages: fetched from the server, which renders the Markdown (the Markdown
// library never reaches the browser). The client code loads with the first content navigation.

import type { ApiClientOptions } from '../api-client';
import type { ContentSource } from './source';

export function lazyHttpContent(options: ApiClientOptions): ContentSource {
  return async (locale, page) => {
    const [{ createApiClient, statusOf }, { contentDocumentSchema }] = await Promise.all([
      import('../api-client'),
      import('../../contracts/content'),
    ]);
    try {
      const body: unknown = await createApiClient(options)(`/api/content/${locale}/${page}`);
      return contentDocumentSchema.parse(body);
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  };
}
