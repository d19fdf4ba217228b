/**
 * pg-boss 10 records the end of a worker's batch (complete() when the handler returned, fail() when
 * it threw) without awaiting it (its manager's watch(); timgit/pg-boss#577, awaited since pg-boss
 * 12, which needs Node 22). When the database is unreachable at that moment the statement's
 * rejection is unhandled, and Node ends the process on an unhandled rejection: a PostgreSQL restart
 * while a mail was being sent would stop the API with it. Here those two statements' failures are
 * logged and answered as "no job changed": the jobs stay active, expire and run again (every job
 * is run at least once, never exactly once). Any other statement's failure goes back to pg-boss,
 * which awaits it.
 */
import { createRequire } from 'node:module';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';

// The statements pg-boss ends a batch with, as its manager builds them for its default schema.
const plans = createRequire(import.meta.url)('pg-boss/src/plans') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const PG_BOSS_SCHEMA = 'pgboss';
const BATCH_ENDS = new Set([plans.completeJobs(PG_BOSS_SCHEMA), plans.failJobsById(PG_BOSS_SCHEMA)]);

export function leavingUnrecordedEndsToExpire(db: PgBoss.Db, log: Logger): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (!BATCH_ENDS.has(text)) return db.executeSql(text, values);
      try {
        return await db.executeSql(text, values);
      } catch (error) {
        log.warn(
          { err: error, queue: values?.[0], jobs: values?.[1] },
          "a batch's end was not recorded (the database did not answer); its jobs run again when they expire",
        );
        return { rows: [{ count: 0 }] };
      }
    },
  };
}
