/**
 * People in quick search: one document per account, tagged with its roles. Email addresses are
 * personal details (shown and matched only with the pii option); names and locations come from
 * profiles (ProfileChanged): the title is the display name, the subtitle the real name, the location
 * city, state and country. The profile parts are kept in `person_profiles` to rebuild them.
 */
import type { SearchIndexer } from './types';
import { upsertDocument } from './types';

const PROFILE_PARTS = ['givenName', 'surname', 'displayName', 'currentCity', 'currentState', 'currentCountry'] as const;

const joined = (parts: (string | null | undefined)[], separator: string) => parts.filter((p) => p?.trim()).join(separator) || null;

export const peopleIndexer: SearchIndexer = {
  handles: ['AccountRegistered', 'RolesChanged', 'EmailAddressChanged', 'ProfileChanged'],
  async apply(events, db) {
    for (const e of events) {
      const at = e.metadata.occurredAt;
      if (e.type === 'ProfileChanged') {
        const refId = e.data.accountId as string;
        const changes = Object.fromEntries(PROFILE_PARTS.filter((k) => k in e.data.changes).map((k) => [k, e.data.changes[k] ?? null]));
        if (!Object.keys(changes).length) continue;
        const { rows } = await db.query(
          `INSERT INTO person_profiles (ref_id, parts) VALUES ($1, $2::jsonb)
           ON CONFLICT (ref_id) DO UPDATE SET parts = person_profiles.parts || $2::jsonb RETURNING parts`,
          [refId, JSON.stringify(changes)],
        );
        const p = rows[0].parts as Record<string, string | null>;
        await upsertDocument(
          db,
          {
            kind: 'person',
            refId,
            title: p.displayName ?? null,
            subtitle: joined([p.givenName, p.surname], ' '),
            location: joined([p.currentCity, p.currentState, p.currentCountry], ', '),
          },
          at,
        );
        continue;
      }
      const refId = e.streamId.slice('account-'.length);
      if (e.type === 'AccountRegistered')
        await upsertDocument(db, { kind: 'person', refId, tags: e.data.roles, pii: e.data.emailAddress }, at);
      else if (e.type === 'RolesChanged') await upsertDocument(db, { kind: 'person', refId, tags: e.data.roles }, at);
      else if (e.type === 'EmailAddressChanged') await upsertDocument(db, { kind: 'person', refId, pii: e.data.emailAddress }, at);
    }
  },
};
