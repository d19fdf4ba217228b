/**
 * Who looked at a person's data (issue 34, docs/decisions/privacy-audit.md): every PersonalDataViewed,
 * newest first by the log's position, for the person's settings ("Who looked at my data") and their
 * page in the back-office. Ids only: the admin's name is the directory's at read time, so an erased
 * admin reads as the directory shows them ("Erased user"); the reason is sealed under the person's
 * key, so an erasure's rebuild leaves it null.
 */
import type pg from 'pg';
import type { ConnectionSource } from '../connectionSource';
import type { PersonalDataView } from '../../services/domain/dataAccess/dataAccess';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const dataAccessProjector: Projector = {
  name: 'dataaccess',
  version: 1,
  handles: ['PersonalDataViewed'],
  schema: `
    CREATE TABLE personal_data_views (
      position bigint PRIMARY KEY, person_id text NOT NULL, viewer_id text NOT NULL, view text NOT NULL, reason text,
      viewed_at timestamptz NOT NULL);
    CREATE INDEX personal_data_views_person ON personal_data_views (person_id, position DESC);`,
  // One statement a batch: a quick search writes up to 25 at once.
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const views = events.filter((e) => e.type === 'PersonalDataViewed');
    if (!views.length) return;
    const column = (pick: (d: Record<string, any>) => unknown) => views.map((e) => pick(e.data as Record<string, any>));
    await db.query(
      `INSERT INTO personal_data_views (position, person_id, viewer_id, view, reason, viewed_at)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) ON CONFLICT DO NOTHING`,
      [
        views.map((e) => e.position),
        column((d) => d.personId),
        column((d) => d.viewerId),
        column((d) => d.view),
        column((d) => d.reason),
        column((d) => d.at),
      ],
    );
  },
};

export interface PersonalDataViewRow {
  id: string;
  viewedAt: Date;
  view: PersonalDataView;
  reason: string | null;
  /** The admin's display name (given name when none), never their address; null when they have set neither. */
  viewerName: string | null;
}

/** One person's audit, newest first (by the log's position), paged by the one connection mechanism. */
export const personalDataViewsOf = (personId: string): ConnectionSource<PersonalDataViewRow> => ({
  from: `(SELECT v.position, v.person_id, v.view, v.reason, v.viewed_at, coalesce(p.display_name, p.given_name) AS viewer_name
    FROM rm_dataaccess.personal_data_views v LEFT JOIN rm_directory.people p ON p.id = v.viewer_id) AS views`,
  key: 'position',
  keyType: 'bigint',
  fields: { position: { column: 'position', type: 'bigint', filterable: false } },
  defaultSort: [{ field: 'position', direction: 'DESC' }],
  scope: (param) => `person_id = ${param(personId)}`,
  toNode: (r) => ({ id: String(r.position), viewedAt: r.viewed_at, view: r.view, reason: r.reason, viewerName: r.viewer_name }),
});
