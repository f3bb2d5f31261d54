// Operator command for the remote search: rebuild the Elasticsearch indexes from the database.

import { loadCatalogue } from '../catalogue/repository';
import { RemoteSearch } from '../catalogue/search-remote';
import { opsConfig, print, withDatabase, type Command } from './command';

export const searchCommands: Record<string, Command> = {
  'search reindex': {
    usage: 'search reindex',
    help: 'Recreates the Elasticsearch indexes at SEARCH_URL from the database catalogue.',
    run: async () => {
      const { SEARCH_URL } = opsConfig();
      if (!SEARCH_URL) throw new Error('SEARCH_URL is not set: the embedded search indexes itself on start.');
      const catalogue = await withDatabase((db) => loadCatalogue(db));
      for (const done of await new RemoteSearch(SEARCH_URL).reindex(catalogue)) print(`${done.index}: ${done.documents} documents`);
    },
  },
};
