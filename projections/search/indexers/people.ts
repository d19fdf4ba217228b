/**
 * People in quick search: one document per account, tagged with its roles. Email addresses are
 * personal details (shown and matched only with the pii option); names and locations arrive with
 * profiles (a later issue adds their events here).
 */
import type { SearchIndexer } from './types';
import { upsertDocument } from './types';

export const peopleIndexer: SearchIndexer = {
  handles: ['AccountRegistered', 'RolesChanged', 'EmailAddressChanged'],
  async apply(events, db) {
    for (const e of events) {
      const refId = e.streamId.slice('account-'.length);
      const at = e.metadata.occurredAt;
      if (e.type === 'AccountRegistered') await upsertDocument(db, { kind: 'person', refId, tags: e.data.roles, pii: e.data.emailAddress }, at);
      else if (e.type === 'RolesChanged') await upsertDocument(db, { kind: 'person', refId, tags: e.data.roles }, at);
      else if (e.type === 'EmailAddressChanged') await upsertDocument(db, { kind: 'person', refId, pii: e.data.emailAddress }, at);
    }
  },
};
