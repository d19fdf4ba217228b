import { peopleIndexer } from './people';
import type { SearchIndexer } from './types';

/**
 * Every indexer of quick search. Courses, lessons and conversations add theirs here (and bump the
 * search projector's version so it rebuilds with them).
 */
export const searchIndexers: readonly SearchIndexer[] = [peopleIndexer];
