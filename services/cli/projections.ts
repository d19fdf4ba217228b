/**
 * `npm run projections -- status | rebuild <name> | rebuild --all | verify <name> | verify --all | resume <name> | run`
 *
 * rebuild and resume need `--reason "<why>"`, verify takes one: each is recorded on the read
 * model's stream (who: the CLI and the OS user), as from the back-office, and refused while another
 * rebuild or verify of that read model runs anywhere (services/feed/operations.ts).
 *
 * rebuild replays the log into fresh tables and swaps them in while the product keeps serving;
 * verify replays into scratch tables and prints every difference with the live ones (none expected).
 * Works on the database the product uses: DATABASE_URL, or the embedded one under .data/ (start it
 * with `npm start` first, or this starts it). `run` is a standalone projector worker: on the event
 * store's feed, or with `--source kafka` (FEED_SOURCE=kafka) in the Kafka consumer group.
 * `status` only reads (health probes run it): a read model whose version changed shows as not built
 * yet until a worker's start or a rebuild builds it; exit 1 when a read model stopped at a failure.
 */
import os from 'node:os';
import pino from 'pino';
import { allProjectors } from '../../projections';
import { loadConfig } from '../app/config';
import { exitOnSignals, exitWithError } from '../app/shutdown';
import { resolveDatabase } from '../app/database';
import { createPool } from '../db/pool';
import type { KurrentEventStore } from '../eventstore/kurrentdb';
import type { EventStore } from '../eventstore/port';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../eventstore/postgres';
import { preparePersonalData, withPersonalData } from '../eventstore/personal';
import { ProjectionRunner } from '../feed/runner';
import { ReadModelOperations } from '../feed/operations';
import { CommandExecutor } from '../commands/execute';
import { DomainError } from '../domain/shared/errors';
import type { Operator } from '../domain/readModels/events';
import { checkedReason } from '../domain/readModels/operations';
import { findPeople } from '../../projections/directory';
import { runKafkaWorker } from '../relay/main';
import { kurrentEventStore } from '../eventstore/kurrentdb/load';

const USAGE =
  'usage: npm run projections -- status | rebuild <name> --reason "<why>" | rebuild --all --reason "<why>" | verify <name> [--reason "<why>"] | verify --all [--reason "<why>"] | resume <name> --reason "<why>" | run [--source direct|kafka]';

/** The value after `--reason`, or null without the flag (undefined: the flag without a value). */
function reasonArgument(argv: string[]): string | null | undefined {
  const i = argv.indexOf('--reason');
  if (i < 0) return null;
  return argv[i + 1];
}

/** Who runs this CLI: the OS user and the machine. */
function cliOperator(): Operator {
  let osUser = process.env.USER ?? 'unknown';
  try {
    osUser = os.userInfo().username;
  } catch {
    // No passwd entry for this uid (a container): the environment's word is what there is.
  }
  return { via: 'cli', osUser, host: os.hostname() };
}

const rate = (events: number, ms: number) => `${Math.round(events / Math.max(ms / 1000, 0.001)).toLocaleString('en-US')} events/s`;

/**
 * A progress bar over the log's size (events), with the rate so far, redrawn at most twice a second.
 * The size comes from the event store port: a store that cannot count cheaply (KurrentDB) gets the
 * count and rate without a bar.
 */
async function progressBar(store: EventStore, name: string) {
  const counted = store.countEvents ? await store.countEvents() : null;
  const total = Math.max(1, counted ?? 1);
  const started = Date.now();
  const tty = process.stdout.isTTY;
  let last = 0;
  const draw = (n: number) => {
    if (counted === null) return `${name}  ${n.toLocaleString('en-US')} events  ${rate(n, Date.now() - started)}`;
    const share = Math.min(1, n / total);
    const width = 30;
    const filled = Math.round(share * width);
    return `${name} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%  ${n.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} events  ${rate(n, Date.now() - started)}`;
  };
  return {
    update: (n: number) => {
      if (Date.now() - last < 500) return;
      last = Date.now();
      if (tty) process.stdout.write(`\r${draw(n)}`);
      else console.log(draw(n));
    },
    done: (message: string) => process.stdout.write(`${tty ? '\r\x1b[K' : ''}${name}: ${message}\n`),
  };
}

async function main() {
  const [command, arg] = process.argv.slice(2);
  if (!command || !['status', 'rebuild', 'verify', 'resume', 'run'].includes(command)) {
    console.error(USAGE);
    process.exit(2);
  }
  if (command === 'run') {
    const i = process.argv.indexOf('--source');
    const source = i > 0 ? process.argv[i + 1] : (process.env.FEED_SOURCE ?? 'direct');
    if (source !== 'direct' && source !== 'kafka') {
      console.error(`--source is 'direct' (the event store's feed, the default) or 'kafka' (the relay's topic; needs KAFKA_BROKERS)`);
      process.exit(2);
    }
    // A worker of the Kafka consumer group (services/relay/worker.ts); `npm run relay` feeds it.
    if (source === 'kafka') return runKafkaWorker();
  }
  // The reason is checked before anything is opened: a refusal changes nothing.
  const reason = reasonArgument(process.argv.slice(2));
  const operator = cliOperator();
  if (command === 'rebuild' || command === 'verify' || command === 'resume') {
    try {
      if (reason === undefined || (reason === null && command !== 'verify'))
        throw new Error(`${command} needs --reason "<why>": it is recorded with the ${command}.`);
      checkedReason(reason, command, operator);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(2);
    }
  }
  const config = loadConfig();
  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const db = await resolveDatabase(config, log);
  // `status` is what health probes run: it never writes (no migration, no prepare, which may
  // start a rebuild), on connections PostgreSQL keeps read-only.
  const readOnly = command === 'status';
  const pool = createPool(db.url, 5, { readOnly });
  if (!readOnly) await migrateEventStore(pool);
  // The log where the product keeps it (KURRENTDB_URL, as services/app/runtime.ts); read models,
  // checkpoints and status stay in PostgreSQL, and the CLI reads the log only through the port.
  const store: PostgresEventStore | KurrentEventStore = withPersonalData(
    config.kurrentdbUrl ? await kurrentEventStore(config.kurrentdbUrl) : createPostgresEventStore(pool),
    await preparePersonalData(pool, config.authSecret, { readOnly }),
  );
  const runner = new ProjectionRunner(pool, store, allProjectors, {
    batchSize: Number(process.env.PROJECTION_BATCH_SIZE ?? 500),
    onError: (name, error) => log.warn({ err: error, projection: name }, 'projection batch failed; retrying'),
    onFailed: (name, failure) => log.error({ projection: name, failure }, 'read model stopped at an event it cannot apply'),
    onWake: (wake) => store.onAppended(wake),
  });
  if (!readOnly) await runner.prepare();
  const operations = new ReadModelOperations({
    pool,
    readModelPool: pool,
    store,
    runner,
    commands: new CommandExecutor(store),
    batchSize: Number(process.env.PROJECTION_BATCH_SIZE ?? 500),
    emailOf: async (id) => (await findPeople(pool, [id])).get(id)?.emailAddress ?? null,
    onError: (error, context) => log.warn({ err: error }, context),
  });

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

  /** A refusal (another rebuild or verify runs on it): its sentence, exit 1, nothing changed. */
  const unlessRefused = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      console.error(error.message);
      return shutdown(1) as never;
    }
  };

  if (command === 'status') {
    const rows = await runner.status();
    console.log(['projection'.padEnd(16), 'version', 'events applied'.padStart(15), '  checkpoint'.padEnd(28), 'state'].join(' '));
    for (const r of rows) {
      const cp = r.checkpoint ? `${r.checkpoint.transactionId}/${r.checkpoint.position}` : '-';
      const codeVersion = allProjectors.find((p) => p.name === r.name)!.version;
      const state = r.failure
        ? 'FAILED'
        : r.version !== codeVersion
          ? `version ${codeVersion} not built yet`
          : r.behind
            ? 'behind'
            : 'caught up';
      console.log(
        [r.name.padEnd(16), String(r.version).padStart(7), String(r.eventsApplied).padStart(15), `  ${cp}`.padEnd(28), state].join(' '),
      );
    }
    for (const r of rows.filter((x) => x.failure)) {
      const f = r.failure!;
      console.log(
        `\n${r.name} stopped ${f.failedAt} at ${f.eventType} (stream ${f.streamId}, version ${f.streamVersion}, position ${f.transactionId}/${f.position}):`,
      );
      console.log(`  ${f.error}`);
      console.log(
        `  Fix the projector, bump its version and restart (or 'rebuild ${r.name} --reason "<why>"'); 'resume ${r.name} --reason "<why>"' retries the event as it is.`,
      );
    }
    return shutdown(rows.some((r) => r.failure) ? 1 : 0);
  }
  if (command === 'resume') {
    if (!arg || !allProjectors.some((p) => p.name === arg)) {
      console.error(USAGE);
      return shutdown(2);
    }
    const { cleared } = await unlessRefused(operations.resume(arg, operator, reason));
    console.log(cleared ? `${arg}: failure cleared; the runners try the event again` : `${arg} had not failed`);
    return shutdown(0);
  }
  if (command === 'rebuild') {
    if (arg === '--all') {
      // Every read model at once, the log read once for all of them; each recorded as its own rebuild.
      const names = allProjectors.filter((p) => !p.fromHead).map((p) => p.name);
      const progress = await progressBar(store, `all ${names.length} read models`);
      const result = await (await unlessRefused(operations.rebuildTogether(names, operator, reason, progress.update))).done;
      progress.done(
        `rebuilt from ${result.events.toLocaleString('en-US')} events read once in ${(result.ms / 1000).toFixed(1)} s (${rate(result.events, result.ms)}) and swapped in`,
      );
      return shutdown(0);
    }
    const names = arg ? [arg] : [];
    if (!names.length) {
      console.error(USAGE);
      return shutdown(2);
    }
    for (const name of names) {
      if (!allProjectors.some((p) => p.name === name)) {
        console.error(`Unknown projection '${name}'. Known: ${allProjectors.map((p) => p.name).join(', ')}`);
        return shutdown(2);
      }
      const progress = await progressBar(store, name);
      const result = await (await unlessRefused(operations.begin('rebuild', name, operator, reason, progress.update))).done;
      progress.done(
        `rebuilt from ${result.events.toLocaleString('en-US')} events in ${(result.ms / 1000).toFixed(1)} s (${rate(result.events, result.ms)}) and swapped in`,
      );
    }
    return shutdown(0);
  }
  if (command === 'verify') {
    const names =
      arg === '--all'
        ? allProjectors.filter((p) => !p.fromHead).map((p) => p.name)
        : arg && allProjectors.some((p) => p.name === arg)
          ? [arg]
          : [];
    if (!names.length) {
      console.error(USAGE);
      return shutdown(2);
    }
    let differing = 0;
    for (const name of names) {
      const progress = await progressBar(store, name);
      const result = await (await unlessRefused(operations.begin('verify', name, operator, reason, progress.update))).done;
      progress.done(
        `replayed ${result.events.toLocaleString('en-US')} events in ${(result.ms / 1000).toFixed(1)} s (${rate(result.events, result.ms)}) into scratch tables`,
      );
      const differences = result.differences ?? [];
      if (!differences.length) {
        console.log(`${name}: the live tables match a rebuild from the log.`);
        continue;
      }
      differing++;
      for (const d of differences) {
        console.log(`\n${name}.${d.table}: ${d.onlyLive} row(s) only live, ${d.onlyRebuilt} only in the rebuild`);
        for (const s of d.samples) console.log(`  ${s.side === 'live' ? 'live   ' : 'rebuilt'} ${s.row.slice(0, 300)}`);
      }
      console.log(
        `\nThe live ${name} differs from its log. 'npm run projections -- rebuild ${name} --reason "<why>"' replaces it with the rebuild.`,
      );
    }
    if (names.length > 1)
      console.log(
        differing ? `${differing} of ${names.length} read models differ from the log.` : `All ${names.length} read models match the log.`,
      );
    return shutdown(differing ? 1 : 0);
  }
  // run: a projector worker until stopped
  runner.start();
  console.log(`projecting ${allProjectors.map((p) => p.name).join(', ')}`);
  exitOnSignals(close, { log: (message) => log.info(message) });
}

main().catch(exitWithError);
