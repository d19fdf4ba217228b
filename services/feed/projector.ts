import pg from 'pg';
import type { StoredEvent } from '../eventstore/port';

/**
 * A projector builds one read model from the global feed. Its tables live in their own PostgreSQL
 * schema (`rm_<name>`); `schema` and `apply` use unqualified table names because the runner sets
 * the search_path, which lets a rebuild fill a fresh schema and swap it in. Queries outside the
 * projector use the qualified live names (`rm_accounts.accounts`).
 */
export interface Projector {
  name: string;
  /** Bump to rebuild the read model from the log on the next start. */
  version: number;
  /** Event types it reads; others only advance its checkpoint. */
  handles: readonly string[];
  /** DDL creating its tables, run in an empty schema. */
  schema: string;
  /**
   * 'background' for heavy read models that no busy command waits for (logs, search indexes): the
   * runner applies them in a lane of their own, so they never hold up the others.
   */
  lane?: 'background';
  /**
   * For a reactor, which acts on events rather than keeping tables (the job dispatcher,
   * services/jobs/dispatch.ts): it acts on what is appended from its creation on. A new one starts
   * at the feed's head instead of replaying the log, a new version carries on from where the old
   * one was, and it is never rebuilt (replaying would act on the past again).
   */
  fromHead?: true;
  /** Applies a batch in the runner's transaction. Must be idempotent per batch boundary. */
  apply(events: StoredEvent[], db: pg.PoolClient): Promise<void>;
  /**
   * Optional, for a read model whose rebuild is too slow batch by batch: a replay that fills the
   * empty schema of a rebuild from the whole log, keeping what it needs in memory. The runner gives
   * it every batch in order (`add`, in that batch's transaction: it may write when it must) and
   * calls `finish` once at the log's end; from there `apply` carries on. It must leave exactly the
   * tables `apply` would (tests compare the two). If it throws, the runner rebuilds with `apply`.
   */
  replay?: () => Replay;
}

export interface Replay {
  add(events: StoredEvent[], db: pg.PoolClient): Promise<void>;
  finish(db: pg.PoolClient): Promise<void>;
}

export const liveSchema = (p: Pick<Projector, 'name'>) => `rm_${p.name}`;
export const rebuildSchema = (p: Pick<Projector, 'name'>) => `rm_${p.name}__next`;

export type ChangeNotice = { topic: string; key: string };

/** Notices held by a shared batch for its closing statement (deferChangeNotices). */
const heldNotices = new WeakMap<pg.PoolClient, ChangeNotice[]>();

/**
 * Sends a change notice at commit time (NOTIFY is transactional): subscriptions refetch on it.
 * Silent while a rebuild fills a fresh schema (the runner sets tertulia.rebuilding). Inside a
 * shared batch the notices wait for the batch's closing statement (one round trip fewer each).
 */
export async function notifyChange(db: pg.PoolClient, topics: ChangeNotice[]): Promise<void> {
  if (!topics.length) return;
  const held = heldNotices.get(db);
  if (held) {
    held.push(...topics);
    return;
  }
  await db.query(changeNoticesSql(topics));
}

/**
 * Holds the change notices sent on `db` from now on; the returned function stops holding and
 * gives them, for the caller to send in its transaction (changeNoticesSql).
 */
export function deferChangeNotices(db: pg.PoolClient): () => ChangeNotice[] {
  const held: ChangeNotice[] = [];
  heldNotices.set(db, held);
  return () => {
    heldNotices.delete(db);
    return held;
  };
}

/**
 * The statement sending `notices` (values as literals, so it can join a statement of several), or
 * '' for none. Silent while a rebuild fills a fresh schema.
 */
export function changeNoticesSql(notices: ChangeNotice[]): string {
  if (!notices.length) return '';
  const payloads = notices.map((n) => pg.escapeLiteral(JSON.stringify({ topic: n.topic, key: n.key })));
  return `SELECT pg_notify('tertulia_changes', payload) FROM unnest(ARRAY[${payloads.join(', ')}]::text[]) AS x(payload)
           WHERE current_setting('tertulia.rebuilding', true) IS DISTINCT FROM 'on';`;
}
