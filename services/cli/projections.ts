/**
 * `npm run projections -- status | rebuild <name> | rebuild --all | resume <name> | run`
 *
 * Works on the database the product uses: DATABASE_URL, or the embedded one under .data/ (start it
 * with `npm start` first, or this starts it). `run` is a standalone projector worker.
 */
import pino from 'pino';
import { allProjectors } from '../../projections';
import { loadConfig } from '../app/config';
import { exitOnSignals, exitWithError } from '../app/shutdown';
import { resolveDatabase } from '../app/runtime';
import { createPool } from '../db/pool';
import { createPostgresEventStore, migrateEventStore } from '../eventstore/postgres';
import { ProjectionRunner } from '../feed/runner';

const USAGE = 'usage: npm run projections -- status | rebuild <name> | rebuild --all | resume <name> | run';

async function main() {
  const [command, arg] = process.argv.slice(2);
  if (!command || !['status', 'rebuild', 'resume', 'run'].includes(command)) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const db = await resolveDatabase(config, log);
  const pool = createPool(db.url, 5);
  await migrateEventStore(pool);
  const store = createPostgresEventStore(pool);
  const runner = new ProjectionRunner(pool, store, allProjectors, {
    batchSize: Number(process.env.PROJECTION_BATCH_SIZE ?? 500),
    onError: (name, error) => log.warn({ err: error, projection: name }, 'projection batch failed; retrying'),
    onFailed: (name, failure) => log.error({ projection: name, failure }, 'read model stopped at an event it cannot apply'),
    onWake: (wake) => store.onAppended(wake),
  });
  await runner.prepare();

  const close = async () => {
    await runner.stop();
    await store.close();
    await pool.end();
    await db.embedded?.stop();
  };
  const shutdown = async (code: number) => {
    await close();
    process.exit(code);
  };

  if (command === 'status') {
    const rows = await runner.status();
    console.log(['projection'.padEnd(16), 'version', 'events applied'.padStart(15), '  checkpoint'.padEnd(28), 'state'].join(' '));
    for (const r of rows) {
      const cp = r.checkpoint ? `${r.checkpoint.transactionId}/${r.checkpoint.position}` : '-';
      const state = r.failure ? 'FAILED' : r.behind ? 'behind' : 'caught up';
      console.log([r.name.padEnd(16), String(r.version).padStart(7), String(r.eventsApplied).padStart(15), `  ${cp}`.padEnd(28), state].join(' '));
    }
    for (const r of rows.filter((x) => x.failure)) {
      const f = r.failure!;
      console.log(`\n${r.name} stopped ${f.failedAt} at ${f.eventType} (stream ${f.streamId}, version ${f.streamVersion}, position ${f.transactionId}/${f.position}):`);
      console.log(`  ${f.error}`);
      console.log(`  Fix the projector, bump its version and restart (or 'rebuild ${r.name}'); 'resume ${r.name}' retries the event as it is.`);
    }
    return shutdown(rows.some((r) => r.failure) ? 1 : 0);
  }
  if (command === 'resume') {
    if (!arg || !allProjectors.some((p) => p.name === arg)) {
      console.error(USAGE);
      return shutdown(2);
    }
    console.log((await runner.resume(arg)) ? `${arg}: failure cleared; the runners try the event again` : `${arg} had not failed`);
    return shutdown(0);
  }
  if (command === 'rebuild') {
    const names = arg === '--all' ? allProjectors.map((p) => p.name) : arg ? [arg] : [];
    if (!names.length) {
      console.error(USAGE);
      return shutdown(2);
    }
    for (const name of names) {
      if (!allProjectors.some((p) => p.name === name)) {
        console.error(`Unknown projection '${name}'. Known: ${allProjectors.map((p) => p.name).join(', ')}`);
        return shutdown(2);
      }
      let lastPrint = 0;
      const result = await runner.rebuild(name, (n) => {
        if (Date.now() - lastPrint > 500) {
          process.stdout.write(`\r${name}: ${n} events read`);
          lastPrint = Date.now();
        }
      });
      process.stdout.write(`\r${name}: rebuilt from ${result.events} events in ${result.ms} ms and swapped in\n`);
    }
    return shutdown(0);
  }
  // run: a projector worker until stopped
  runner.start();
  console.log(`projecting ${allProjectors.map((p) => p.name).join(', ')}`);
  exitOnSignals(close, { log: (message) => log.info(message) });
}

main().catch(exitWithError);
