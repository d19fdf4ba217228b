/**
 * Schema of the PostgreSQL event store (DESIGN.md section 3). Applied once each, in order, by
 * services/db/migrate.ts (Knex's migrator) under the owner 'eventstore'; each `down` reverses its
 * `up`. Never edit a shipped migration: add one.
 */
import type pg from 'pg';
import { migrate, type Migration } from '../../db/migrate';

/** SQLSTATE raised by eventstore_append when a stream is not at the expected version. */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'TRT01';

export const EVENT_STORE_OWNER = 'eventstore';

export const eventStoreMigrations: Migration[] = [
  {
    id: '001_events_and_streams',
    up: `
      -- Every append updates its stream's row: room on each page keeps those updates HOT.
      -- (No CHECK constraints on the hot path: PostgreSQL re-reads them for every statement.)
      CREATE TABLE streams (
        stream_id text PRIMARY KEY,
        version   bigint NOT NULL
      ) WITH (fillfactor = 70);

      -- The primary key is the global feed's order, (transaction_id, global_position): it is the
      -- index the feed reads, and global_position alone needs no index of its own (the identity
      -- makes it unique). One index fewer to maintain on every append.
      CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id       text NOT NULL,
        stream_version  bigint NOT NULL,
        type            text NOT NULL,
        data            jsonb NOT NULL,
        metadata        jsonb NOT NULL,
        recorded_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (transaction_id, global_position),
        UNIQUE (stream_id, stream_version)
      );
    `,
    // Drops the log itself: `npm run migrate -- down eventstore` refuses while it holds events.
    down: `DROP TABLE events; DROP TABLE streams;`,
  },
  {
    id: '002_append_function',
    up: `
      -- One call = one append of one or more streams, all or nothing, in one round trip.
      --   p_streams    stream ids, one per request (the caller sorts them: a fixed lock order
      --                means two multi-stream appends cannot deadlock)
      --   p_expected   per request: 'no_stream' | 'any' | a decimal version ('0' = no_stream)
      --   p_counts     per request: number of events
      --   p_event_req  per event: 1-based index of its request in p_streams
      --   p_event_off  per event: 1-based offset within its request
      --   p_types, p_data, p_metadata: per event
      --   p_channel    NOTIFY channel, or NULL for no notification
      -- Returns the new version of each stream (aligned with p_streams), the transaction id and
      -- the global position of the last event inserted.
      CREATE FUNCTION eventstore_append(
        p_streams   text[],
        p_expected  text[],
        p_counts    int[],
        p_event_req int[],
        p_event_off int[],
        p_types     text[],
        p_data      jsonb[],
        p_metadata  jsonb[],
        p_channel   text,
        OUT versions bigint[],
        OUT transaction_id text,
        OUT last_position bigint
      ) LANGUAGE plpgsql AS $fn$
      DECLARE
        n        int := coalesce(array_length(p_streams, 1), 0);
        i        int;
        v_new    bigint;
        v_actual bigint;
        v_base   bigint[] := array_fill(0::bigint, ARRAY[greatest(n, 1)]);
      BEGIN
        versions := array_fill(0::bigint, ARRAY[greatest(n, 1)]);
        FOR i IN 1 .. n LOOP
          v_new := NULL;
          IF p_expected[i] = 'any' THEN
            IF p_counts[i] > 0 THEN
              INSERT INTO streams AS s (stream_id, version) VALUES (p_streams[i], p_counts[i])
              ON CONFLICT (stream_id) DO UPDATE SET version = s.version + excluded.version
              RETURNING s.version INTO v_new;
            ELSE
              SELECT s.version INTO v_new FROM streams s WHERE s.stream_id = p_streams[i];
              v_new := coalesce(v_new, 0);
            END IF;
          ELSIF p_expected[i] = 'no_stream' OR p_expected[i] = '0' THEN
            IF p_counts[i] > 0 THEN
              -- Waits for a concurrent creator; does nothing if it committed.
              INSERT INTO streams (stream_id, version) VALUES (p_streams[i], p_counts[i])
              ON CONFLICT (stream_id) DO NOTHING
              RETURNING version INTO v_new;
            ELSE
              PERFORM 1 FROM streams s WHERE s.stream_id = p_streams[i] AND s.version > 0;
              IF NOT FOUND THEN v_new := 0; END IF;
            END IF;
          ELSE
            -- Waits for a concurrent writer of the same stream, then re-checks the version.
            UPDATE streams s SET version = s.version + p_counts[i]
            WHERE s.stream_id = p_streams[i] AND s.version = p_expected[i]::bigint
            RETURNING s.version INTO v_new;
          END IF;

          IF v_new IS NULL THEN
            SELECT s.version INTO v_actual FROM streams s WHERE s.stream_id = p_streams[i];
            RAISE EXCEPTION USING
              ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}',
              MESSAGE = format('Stream %s expected at %s but is at %s',
                               p_streams[i], p_expected[i], coalesce(v_actual::text, 'no_stream')),
              DETAIL = json_build_object('stream', p_streams[i], 'expected', p_expected[i],
                                         'actual', v_actual)::text;
          END IF;
          versions[i] := v_new;
          v_base[i] := v_new - p_counts[i];
        END LOOP;

        WITH inserted AS (
          INSERT INTO events (stream_id, stream_version, type, data, metadata)
          SELECT p_streams[e.req], v_base[e.req] + e.off, e.type, e.data, e.metadata
          FROM unnest(p_event_req, p_event_off, p_types, p_data, p_metadata)
               WITH ORDINALITY AS e(req, off, type, data, metadata, ord)
          ORDER BY e.ord
          RETURNING global_position
        )
        SELECT max(global_position) INTO last_position FROM inserted;

        transaction_id := pg_current_xact_id()::text;
        IF p_channel IS NOT NULL THEN
          PERFORM pg_notify(p_channel, '');
        END IF;
      END
      $fn$;
    `,
    down: `DROP FUNCTION eventstore_append(text[], text[], int[], int[], int[], text[], jsonb[], jsonb[], text);`,
  },
];

export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  await migrate(pool, EVENT_STORE_OWNER, eventStoreMigrations);
}
