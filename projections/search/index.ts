/**
 * Quick search read model (admin sidebar): one `documents` table of searchable things, each with a
 * kind, tags (a person's roles), public words (names, titles, locations) and personal details
 * (email addresses). Matching is a case-insensitive substring test served by pg_trgm GIN indexes,
 * ranked by trigram word similarity: never a scan of the other read models. The search text is
 * matched literally (`%`, `_` and `\` are characters, not wildcards) and must hold at least
 * QUICK_SEARCH_MIN_LENGTH characters (code points) once trimmed.
 *
 * Contexts feed it through indexers (`indexers/`): people, courses and lessons, conversations.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { likeLiteral } from '../connectionSource';
import { badInput } from '../../services/domain/shared/errors';
import { searchIndexers } from './indexers';
import { COURSE_TAG } from './indexers/catalog';
import { startWords } from './indexers/conversations';
import type { SearchKind } from './indexers/types';

export const searchProjector: Projector = {
  name: 'search',
  lane: 'background',
  // 5: course edits (CourseChanged, LessonRemoved).
  version: 5,
  handles: [...new Set(searchIndexers.flatMap((i) => i.handles))],
  schema: `
    CREATE TABLE documents (
      kind text NOT NULL,
      ref_id text NOT NULL,
      tags text[] NOT NULL DEFAULT '{}',
      title text,
      subtitle text,
      location text,
      pii text,
      public_text text GENERATED ALWAYS AS (coalesce(title, '') || ' ' || coalesce(subtitle, '') || ' ' || coalesce(location, '')) STORED,
      all_text text GENERATED ALWAYS AS (coalesce(title, '') || ' ' || coalesce(subtitle, '') || ' ' || coalesce(location, '') || ' ' || coalesce(pii, '')) STORED,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (kind, ref_id)
    );
    -- One column per pii mode, each with its trigram index: a single ILIKE the index serves.
    CREATE INDEX documents_public_trgm ON documents USING gin (public_text gin_trgm_ops);
    CREATE INDEX documents_all_trgm ON documents USING gin (all_text gin_trgm_ops);
    CREATE INDEX documents_tags ON documents USING gin (tags);
    -- People's profile parts (names, location) from which their documents are rebuilt.
    CREATE TABLE person_profiles (ref_id text PRIMARY KEY, parts jsonb NOT NULL DEFAULT '{}');
    -- A conversation's two people, to retitle it when a name or an address changes.
    CREATE TABLE conversation_people (ref_id text PRIMARY KEY, reserved_by text NOT NULL, reserved_with text NOT NULL);
    CREATE INDEX conversation_people_by ON conversation_people (reserved_by);
    CREATE INDEX conversation_people_with ON conversation_people (reserved_with);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    for (const indexer of searchIndexers) {
      const mine = events.filter((e) => indexer.handles.includes(e.type));
      if (mine.length) await indexer.apply(mine, db);
    }
  },
};

export interface QuickSearchHit {
  id: string;
  kind: SearchKind;
  title: string | null;
  subtitle: string | null;
  location: string | null;
  /** Only with the pii option. */
  emailAddress: string | null;
  /** A lesson's course (its page holds the lesson); null for other kinds. */
  courseId: string | null;
  /** A conversation's start (the viewer's page shows it in their zone); null for other kinds. */
  startsAt: Date | null;
}

export type QuickSearchGroups = Record<'conversations' | 'courses' | 'lessons' | 'instructors' | 'speakers' | 'students', QuickSearchHit[]>;

export const QUICK_SEARCH_GROUPS: { name: keyof QuickSearchGroups; kind: SearchKind; tags?: string[] }[] = [
  { name: 'conversations', kind: 'conversation' },
  { name: 'courses', kind: 'course' },
  { name: 'lessons', kind: 'lesson' },
  { name: 'instructors', kind: 'person', tags: ['INSTRUCTOR', 'ONBOARDING_INSTRUCTOR'] },
  { name: 'speakers', kind: 'person', tags: ['SPEAKER', 'ONBOARDING_SPEAKER'] },
  { name: 'students', kind: 'person', tags: ['STUDENT', 'ONBOARDING_STUDENT'] },
];

export const QUICK_SEARCH_MIN_LENGTH = 2;
/** Longer search text is cut to this many characters (code points). */
export const QUICK_SEARCH_MAX_LENGTH = 100;
export const QUICK_SEARCH_PER_GROUP = 5;

/** One group's query: a single ILIKE on a trigram-indexed column (the pii mode picks which). */
export function quickSearchSql(pii: boolean): string {
  const column = pii ? 'all_text' : 'public_text';
  return `SELECT kind, ref_id, tags, title, subtitle, location, pii FROM rm_search.documents
    WHERE ${column} ILIKE $3 AND kind = $1 AND ($2::text[] IS NULL OR tags && $2::text[])
    ORDER BY word_similarity($4, ${column}) DESC, title NULLS LAST, ref_id LIMIT $5`;
}

export function quickSearchParams(group: { kind: SearchKind; tags?: string[] }, q: string, limit: number): unknown[] {
  return [group.kind, group.tags ?? null, `%${likeLiteral(q)}%`, q, limit];
}

export async function quickSearch(
  pool: pg.Pool,
  searchQuery: string,
  options: { pii: boolean; perGroup?: number },
): Promise<QuickSearchGroups> {
  if (searchQuery.includes('\u0000')) throw badInput('The search text cannot contain a NUL character.', { searchQuery: 'Not valid text.' });
  // Characters, not UTF-16 units: an emoji is one, and a cut never splits one.
  const characters = [...searchQuery.trim()];
  const q = characters.slice(0, QUICK_SEARCH_MAX_LENGTH).join('');
  const empty = Object.fromEntries(QUICK_SEARCH_GROUPS.map((g) => [g.name, []])) as unknown as QuickSearchGroups;
  if (characters.length < QUICK_SEARCH_MIN_LENGTH) return empty;
  const results = await Promise.all(
    QUICK_SEARCH_GROUPS.map(async (group) => {
      const { rows } = await pool.query(
        quickSearchSql(options.pii),
        quickSearchParams(group, q, options.perGroup ?? QUICK_SEARCH_PER_GROUP),
      );
      return [
        group.name,
        rows.map((r) => ({
          id: r.ref_id,
          kind: r.kind,
          title: r.title,
          subtitle: r.subtitle,
          location: r.location,
          emailAddress: options.pii ? r.pii : null,
          courseId:
            r.kind === 'lesson' ? ((r.tags as string[]).find((t) => t.startsWith(COURSE_TAG))?.slice(COURSE_TAG.length) ?? null) : null,
          startsAt: null as Date | null,
        })),
      ] as const;
    }),
  );
  const groups = Object.fromEntries(results) as unknown as QuickSearchGroups;
  await withStarts(pool, groups.conversations);
  return groups;
}

/**
 * Whose personal details an answer with the pii option showed (issue 34, the access audit): each
 * person found with an address, and both people of each conversation found with theirs, at most `cap`.
 */
export async function peopleShownWithPii(pool: pg.Pool, groups: QuickSearchGroups, cap: number): Promise<string[]> {
  const people = [...groups.students, ...groups.speakers, ...groups.instructors].filter((h) => h.emailAddress).map((h) => h.id);
  const conversations = groups.conversations.filter((h) => h.emailAddress).map((h) => h.id);
  if (conversations.length) {
    const { rows } = await pool.query(
      'SELECT reserved_by, reserved_with FROM rm_conversations.conversations WHERE id = ANY($1::text[]) ORDER BY reserved_start, id',
      [conversations],
    );
    for (const r of rows) people.push(r.reserved_by, r.reserved_with);
  }
  return [...new Set(people)].slice(0, cap);
}

/**
 * A conversation's document says its start in UTC words, to be found by them; a page shows the
 * start in the viewer's zone instead: the hit carries the instant, and its subtitle drops the words.
 */
async function withStarts(pool: pg.Pool, hits: QuickSearchHit[]) {
  if (!hits.length) return;
  const { rows } = await pool.query('SELECT id, reserved_start FROM rm_conversations.conversations WHERE id = ANY($1::text[])', [
    hits.map((h) => h.id),
  ]);
  const starts = new Map(rows.map((r) => [r.id as string, r.reserved_start as Date]));
  for (const hit of hits) {
    const start = starts.get(hit.id) ?? null;
    const words = start ? ` · ${startWords(start.toISOString())}` : null;
    if (words && hit.subtitle?.endsWith(words)) hit.subtitle = hit.subtitle.slice(0, -words.length);
    hit.startsAt = start;
  }
}
