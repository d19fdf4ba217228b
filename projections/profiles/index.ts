/**
 * Profiles read model: one row per person with a profile (names, location, school, gender, birthday,
 * bios, time zone, language, headshot key). The User type's profile fields are answered from here; a person
 * without a profile yet has no row (every field null, the zone the default one).
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { notifyChange } from '../../services/feed/projector';

/** GraphQL field → column. */
const COLUMNS = {
  givenName: 'given_name',
  surname: 'surname',
  displayName: 'display_name',
  gender: 'gender',
  dateOfBirth: 'date_of_birth',
  currentCity: 'current_city',
  currentState: 'current_state',
  currentCountry: 'current_country',
  previousCity: 'previous_city',
  previousCountry: 'previous_country',
  school: 'school',
  bioDreamCareer: 'bio_dream_career',
  bioGoalsAre: 'bio_goals_are',
  bioHobbiesAre: 'bio_hobbies_are',
  tzIdentifier: 'tz_identifier',
  locale: 'locale',
} as const;
type Field = keyof typeof COLUMNS;

const accountIdOf = (e: StoredEvent) => e.streamId.slice('profile-'.length);

export const profilesProjector: Projector = {
  name: 'profiles',
  version: 2,
  handles: ['ProfileChanged', 'HeadshotUploaded'],
  schema: `
    CREATE TABLE profiles (
      id text PRIMARY KEY,
      given_name text,
      surname text,
      display_name text,
      gender text,
      date_of_birth text,
      current_city text,
      current_state text,
      current_country text,
      previous_city text,
      previous_country text,
      school text,
      bio_dream_career text,
      bio_goals_are text,
      bio_hobbies_are text,
      tz_identifier text,
      locale text,
      headshot_key text,
      updated_at timestamptz NOT NULL
    );`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const changed = new Set<string>();
    for (const e of events) {
      const id = accountIdOf(e);
      const at = e.metadata.occurredAt;
      await db.query('INSERT INTO profiles (id, updated_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, at]);
      if (e.type === 'ProfileChanged') {
        const changes = Object.entries(e.data.changes as Record<string, string | null>).filter(([k]) => k in COLUMNS) as [
          Field,
          string | null,
        ][];
        if (!changes.length) continue;
        const sets = changes.map(([k], i) => `${COLUMNS[k]} = $${i + 3}`).join(', ');
        await db.query(`UPDATE profiles SET ${sets}, updated_at = $2 WHERE id = $1`, [id, at, ...changes.map(([, v]) => v)]);
      } else if (e.type === 'HeadshotUploaded') {
        await db.query('UPDATE profiles SET headshot_key = $2, updated_at = $3 WHERE id = $1', [id, e.data.key, at]);
      }
      changed.add(id);
    }
    await notifyChange(
      db,
      [...changed].map((key) => ({ topic: 'profile', key })),
    );
  },
};

export interface ProfileRow {
  id: string;
  givenName: string | null;
  surname: string | null;
  displayName: string | null;
  gender: 'male' | 'female' | null;
  dateOfBirth: string | null;
  currentCity: string | null;
  currentState: string | null;
  currentCountry: string | null;
  previousCity: string | null;
  previousCountry: string | null;
  school: string | null;
  bioDreamCareer: string | null;
  bioGoalsAre: string | null;
  bioHobbiesAre: string | null;
  tzIdentifier: string | null;
  locale: string | null;
  headshotKey: string | null;
}

const toProfile = (r: any): ProfileRow => ({
  id: r.id,
  givenName: r.given_name,
  surname: r.surname,
  displayName: r.display_name,
  gender: r.gender,
  dateOfBirth: r.date_of_birth,
  currentCity: r.current_city,
  currentState: r.current_state,
  currentCountry: r.current_country,
  previousCity: r.previous_city,
  previousCountry: r.previous_country,
  school: r.school,
  bioDreamCareer: r.bio_dream_career,
  bioGoalsAre: r.bio_goals_are,
  bioHobbiesAre: r.bio_hobbies_are,
  tzIdentifier: r.tz_identifier,
  locale: r.locale,
  headshotKey: r.headshot_key,
});

export async function findProfile(pool: pg.Pool, id: string): Promise<ProfileRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_profiles.profiles WHERE id = $1', [id]);
  return rows[0] ? toProfile(rows[0]) : null;
}

/** Many at once (lists): a map by account id; people without a profile are absent. */
export async function findProfiles(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, ProfileRow>> {
  if (!ids.length) return new Map();
  const { rows } = await pool.query('SELECT * FROM rm_profiles.profiles WHERE id = ANY($1::text[])', [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id as string, toProfile(r)]));
}

/**
 * Schools people name in their profiles (instructors where they teach, speakers where they
 * studied) that contain the query, case-insensitively: the most named first, at most `limit`.
 * The read model is one row a person, so this scans it; fine at a school's scale of thousands.
 */
export async function lookupSchools(pool: pg.Pool, query: string | null | undefined, limit = 20): Promise<{ name: string }[]> {
  const q = (query ?? '').trim();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool.query(
    `SELECT min(school) AS name, count(*) AS people
       FROM rm_profiles.profiles
      WHERE school IS NOT NULL AND school ILIKE $1
      GROUP BY lower(school)
      ORDER BY people DESC, name
      LIMIT $2`,
    [pattern, limit],
  );
  return rows.map((r) => ({ name: r.name as string }));
}
