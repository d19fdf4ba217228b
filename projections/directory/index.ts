/**
 * Directory read model: one row per person for the back-office lists (students, instructors,
 * speakers are this table scoped by role). Email, roles, created time, sign-in facts and remaining
 * minutes; names, location and time zone from profiles (people's ProfileChanged; null until set).
 *
 * Every column a list sorts or filters on has an index: btree (column, id) for sorting and keyset
 * paging, GIN pg_trgm for `matches` on text, GIN on the roles array.
 */
import type pg from 'pg';
import type { Role } from '../../contracts/roles';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import type { ConnectionField, ConnectionSource } from '../connectionSource';

const accountIdOf = (e: StoredEvent) => e.streamId.slice('account-'.length);

/** Profile fields (people's ProfileChanged) the directory keeps, by column. */
const PROFILE_COLUMNS: Record<string, string> = {
  givenName: 'given_name',
  surname: 'surname',
  displayName: 'display_name',
  currentCity: 'current_city',
  currentState: 'current_state',
  currentCountry: 'current_country',
  tzIdentifier: 'tz_identifier',
};

export const directoryProjector: Projector = {
  name: 'directory',
  lane: 'background',
  version: 4,
  handles: [
    'AccountRegistered',
    'SignedIn',
    'PasswordResetRequested',
    'RolesChanged',
    'EmailAddressChanged',
    'MinutesChanged',
    'ProfileChanged',
  ],
  schema: `
    CREATE TABLE people (
      id text PRIMARY KEY,
      email_address text NOT NULL,
      roles text[] NOT NULL,
      created_at timestamptz NOT NULL,
      current_sign_in_at timestamptz,
      current_sign_in_ip text,
      reset_password_sent_at timestamptz,
      remaining_minutes bigint NOT NULL DEFAULT 0,
      given_name text,
      surname text,
      display_name text,
      current_city text,
      current_state text,
      current_country text,
      tz_identifier text,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX people_created ON people (created_at, id);
    CREATE INDEX people_email ON people (email_address, id);
    CREATE INDEX people_sign_in ON people (current_sign_in_at, id);
    CREATE INDEX people_reset_sent ON people (reset_password_sent_at, id);
    CREATE INDEX people_minutes ON people (remaining_minutes, id);
    CREATE INDEX people_given_name ON people (given_name, id);
    CREATE INDEX people_surname ON people (surname, id);
    CREATE INDEX people_display_name ON people (display_name, id);
    CREATE INDEX people_country ON people (current_country, id);
    CREATE INDEX people_city ON people (current_city, id);
    CREATE INDEX people_roles ON people USING gin (roles);
    CREATE INDEX people_email_trgm ON people USING gin (email_address gin_trgm_ops);
    CREATE INDEX people_names_trgm ON people USING gin ((coalesce(given_name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(display_name, '')) gin_trgm_ops);
    CREATE INDEX people_given_name_trgm ON people USING gin (given_name gin_trgm_ops);
    CREATE INDEX people_surname_trgm ON people USING gin (surname gin_trgm_ops);
    CREATE INDEX people_display_name_trgm ON people USING gin (display_name gin_trgm_ops);
    CREATE INDEX people_city_trgm ON people USING gin (current_city gin_trgm_ops);
    CREATE INDEX people_country_trgm ON people USING gin (current_country gin_trgm_ops);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    // Minutes are hot: keep the last balance per account of the batch and write it once, at the end.
    const balances = new Map<string, { balance: number; at: string }>();
    // A later change of the same person in the batch is the row's last update: its time stays
    // updated_at, however the feed is cut into batches (the Kafka feed cuts it differently).
    const touched = (id: string, at: string) => {
      const pending = balances.get(id);
      if (pending) pending.at = at;
    };
    for (const e of events) {
      const at = e.metadata.occurredAt;
      switch (e.type) {
        case 'AccountRegistered':
          await db.query(
            `INSERT INTO people (id, email_address, roles, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT (id) DO NOTHING`,
            [accountIdOf(e), e.data.emailAddress, e.data.roles, at],
          );
          break;
        case 'SignedIn':
          await db.query('UPDATE people SET current_sign_in_at = $2, current_sign_in_ip = $3, updated_at = $2 WHERE id = $1', [
            accountIdOf(e),
            at,
            e.data.ip,
          ]);
          touched(accountIdOf(e), at);
          break;
        case 'PasswordResetRequested':
          await db.query('UPDATE people SET reset_password_sent_at = $2, updated_at = $2 WHERE id = $1', [accountIdOf(e), at]);
          touched(accountIdOf(e), at);
          break;
        case 'RolesChanged':
          await db.query('UPDATE people SET roles = $2, updated_at = $3 WHERE id = $1', [accountIdOf(e), e.data.roles, at]);
          touched(accountIdOf(e), at);
          break;
        case 'EmailAddressChanged':
          await db.query('UPDATE people SET email_address = $2, updated_at = $3 WHERE id = $1', [accountIdOf(e), e.data.emailAddress, at]);
          touched(accountIdOf(e), at);
          break;
        case 'MinutesChanged':
          balances.set(e.data.accountId, { balance: e.data.balanceAfter, at });
          break;
        case 'ProfileChanged': {
          // Only the fields the event names change (null clears one).
          const set = Object.entries(PROFILE_COLUMNS).filter(([field]) => field in e.data.changes);
          if (!set.length) break;
          await db.query(
            `UPDATE people SET ${set.map(([, column], i) => `${column} = $${i + 3}`).join(', ')}, updated_at = $2 WHERE id = $1`,
            [e.data.accountId, at, ...set.map(([field]) => e.data.changes[field] ?? null)],
          );
          touched(e.data.accountId, at);
          break;
        }
      }
    }
    if (balances.size) {
      await db.query(
        `UPDATE people p SET remaining_minutes = u.balance, updated_at = u.at
           FROM unnest($1::text[], $2::bigint[], $3::timestamptz[]) AS u(id, balance, at) WHERE p.id = u.id`,
        [[...balances.keys()], [...balances.values()].map((b) => b.balance), [...balances.values()].map((b) => b.at)],
      );
    }
  },
};

/** A directory row in the shape the User and Account resolvers take (the AccountRow fields plus more). */
export interface PersonRow {
  id: string;
  emailAddress: string;
  roles: Role[];
  activeRole: null;
  createdAt: Date;
  currentSignInAt: Date | null;
  currentSignInIp: string | null;
  resetPasswordSentAt: Date | null;
  remainingMinutes: number;
  givenName: string | null;
  surname: string | null;
  displayName: string | null;
  currentCity: string | null;
  currentState: string | null;
  currentCountry: string | null;
  tzIdentifier: string | null;
}

export const toPerson = (r: any): PersonRow => ({
  id: r.id,
  emailAddress: r.email_address,
  roles: r.roles,
  activeRole: null,
  createdAt: r.created_at,
  currentSignInAt: r.current_sign_in_at,
  currentSignInIp: r.current_sign_in_ip,
  resetPasswordSentAt: r.reset_password_sent_at,
  remainingMinutes: Number(r.remaining_minutes),
  givenName: r.given_name,
  surname: r.surname,
  displayName: r.display_name,
  currentCity: r.current_city,
  currentState: r.current_state,
  currentCountry: r.current_country,
  tzIdentifier: r.tz_identifier,
});

/** The people-list whitelist: GraphQL path of a User field (`_` for `.`) to its indexed column. */
export const PEOPLE_FIELDS: Record<string, ConnectionField> = {
  id: { column: 'id', type: 'text' },
  emailAddress: { column: 'email_address', type: 'text' },
  givenName: { column: 'given_name', type: 'text', nullable: true },
  surname: { column: 'surname', type: 'text', nullable: true },
  displayName: { column: 'display_name', type: 'text', nullable: true },
  currentCity: { column: 'current_city', type: 'text', nullable: true },
  currentCountry: { column: 'current_country', type: 'text', nullable: true },
  createdAt: { column: 'created_at', type: 'timestamptz' },
  account_emailAddress: { column: 'email_address', type: 'text' },
  account_roles: { column: 'roles', type: 'text[]', sortable: false },
  account_remainingMinutes: { column: 'remaining_minutes', type: 'bigint' },
  account_currentSignInAt: { column: 'current_sign_in_at', type: 'timestamptz', nullable: true },
  account_currentSignInIp: { column: 'current_sign_in_ip', type: 'text', nullable: true, sortable: false },
  account_resetPasswordSentAt: { column: 'reset_password_sent_at', type: 'timestamptz', nullable: true },
};

/** Students, instructors or speakers: the people holding the role, onboarding or not. */
export function peopleWithRole(role: 'STUDENT' | 'INSTRUCTOR' | 'SPEAKER'): ConnectionSource<PersonRow> {
  return {
    from: 'rm_directory.people',
    fields: PEOPLE_FIELDS,
    defaultSort: [{ field: 'createdAt', direction: 'DESC' }],
    scope: (param) => `roles && ${param([role, `ONBOARDING_${role}`])}::text[]`,
    toNode: toPerson,
  };
}

/** Many at once: a map by account id; unknown ids are absent. */
export async function findPeople(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  if (!ids.length) return new Map();
  const { rows } = await pool.query('SELECT * FROM rm_directory.people WHERE id = ANY($1::text[])', [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id as string, toPerson(r)]));
}

/** A person's address, names and zone in the directory and in their profile (null: none yet), as mail needs them. */
export interface AddressedPerson {
  emailAddress: string;
  person: { givenName: string | null; surname: string | null; displayName: string | null; tzIdentifier: string | null };
  profile: {
    givenName: string | null;
    surname: string | null;
    displayName: string | null;
    tzIdentifier: string | null;
    /** The language setting (a supported locale, or null: follow the browser). */
    locale: string | null;
  } | null;
}

/** The people of `ids` with their profiles, in one statement (the profiles read model joined). */
export async function findAddressedPeople(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, AddressedPerson>> {
  if (!ids.length) return new Map();
  // Named (prepared once per connection): every mailing command asks it, and its plan cost more than its run.
  const { rows } = await pool.query({
    name: 'directory_addressed_people_v2',
    text: `SELECT p.id, p.email_address, p.given_name, p.surname, p.display_name, p.tz_identifier,
            f.id AS profile_id, f.given_name AS profile_given_name, f.surname AS profile_surname,
            f.display_name AS profile_display_name, f.tz_identifier AS profile_tz_identifier, f.locale AS profile_locale
       FROM rm_directory.people p LEFT JOIN rm_profiles.profiles f ON f.id = p.id
      WHERE p.id = ANY($1::text[])`,
    values: [[...new Set(ids)]],
  });
  return new Map(
    rows.map((r) => [
      r.id as string,
      {
        emailAddress: r.email_address,
        person: { givenName: r.given_name, surname: r.surname, displayName: r.display_name, tzIdentifier: r.tz_identifier },
        profile:
          r.profile_id === null
            ? null
            : {
                givenName: r.profile_given_name,
                surname: r.profile_surname,
                displayName: r.profile_display_name,
                tzIdentifier: r.profile_tz_identifier,
                locale: r.profile_locale,
              },
      },
    ]),
  );
}

export async function findPerson(pool: pg.Pool, id: string): Promise<PersonRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_directory.people WHERE id = $1', [id]);
  return rows[0] ? toPerson(rows[0]) : null;
}

/**
 * The back-office's profiles table (spec 3): every person of every role with what their profile
 * says about them (names, location, school, time zone), the profiles read model joined at read time.
 */
export const profilesSource: ConnectionSource<PersonRow> = {
  from: `(SELECT p.id, p.email_address, p.roles, p.created_at, p.remaining_minutes, p.current_sign_in_at, p.current_sign_in_ip,
      p.reset_password_sent_at, p.updated_at,
      coalesce(f.given_name, p.given_name) AS given_name, coalesce(f.surname, p.surname) AS surname,
      coalesce(f.display_name, p.display_name) AS display_name, coalesce(f.current_city, p.current_city) AS current_city,
      f.current_state, coalesce(f.current_country, p.current_country) AS current_country, f.school,
      coalesce(f.tz_identifier, p.tz_identifier) AS tz_identifier, f.updated_at AS profile_updated_at
    FROM rm_directory.people p LEFT JOIN rm_profiles.profiles f ON f.id = p.id) AS profiles`,
  fields: {
    ...PEOPLE_FIELDS,
    currentState: { column: 'current_state', type: 'text', nullable: true },
    school: { column: 'school', type: 'text', nullable: true },
    tzIdentifier: { column: 'tz_identifier', type: 'text', nullable: true },
  },
  defaultSort: [{ field: 'createdAt', direction: 'DESC' }],
  toNode: toPerson,
};
