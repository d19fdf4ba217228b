import { catalogIndexer } from './catalog';
import { conversationsIndexer } from './conversations';
import { peopleIndexer } from './people';
import type { SearchIndexer } from './types';

/**
 * Every indexer of quick search (a new one bumps the search projector's version so it rebuilds with
 * it). People come first: the conversations indexer reads the names and addresses they wrote in the
 * same batch.
 */
export const searchIndexers: readonly SearchIndexer[] = [peopleIndexer, catalogIndexer, conversationsIndexer];
