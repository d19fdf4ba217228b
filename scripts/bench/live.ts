/**
 * `npm run bench -- live`: 1,000 simulated participants (500 live conversations) over two API
 * processes (the scale-out mode), each participant syncing with the server's clock every
 * pollingDelayMs (5 s) and broadcasting presence every 7.5 s, as browsers in the room and the lobby
 * do. A conversation's speaker talks to one process and its student to the other, so the speaker's
 * arrival reaches the student's lobbyPresence subscription through PostgreSQL's notices, across
 * processes. Measures the latency of syncParticipant and broadcastPresence as a participant sees
 * it, and of that delivery; and what a participant costs: CPU (ms) per call of the API processes
 * and of PostgreSQL, the figures the capacity model (docs/capacity.md) is built from.
 *
 * BENCH_LIVE_PARTICIPANTS (1000), BENCH_LIVE_API_PROCESSES (2), BENCH_LIVE_SECONDS (30),
 * BENCH_LIVE_RUNS (3), BENCH_LIVE_PROFILE_DIR (a CPU profile of each API process, written there);
 * with EMBEDDED_PG_SETTINGS=shared_preload_libraries=pg_stat_statements it prints PostgreSQL's
 * busiest statements too. The accounts and conversations are made by an in-process app on the same
 * database; the participants run in a worker thread (liveClients.ts); the API processes are
 * tests/integration/fixtures/api-process.ts. Each run has conversations of its own; the tables print
 * the runs' median and spread, and each process's pauses during the load (event-loop delay, garbage
 * collection), which is where a tail comes from.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PRESENCE_POLL_MS } from '../../contracts/live';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { reserveOpenableNow } from '../../tests/support/live';
import { freePort } from '../../tests/support/ports';
import { createSpeaker, createStudent } from '../../tests/support/scheduling';
import { cpuSpent, processCpuMs, readCpu, Table } from './lib';
import { runLiveClients, type LiveClientsResult, type LivePair } from './liveClients';
import { pauseCells, watchPauses, type PauseStats } from './pauses';
import { tethered } from '../support/tether';

const PARTICIPANTS = Number(process.env.BENCH_LIVE_PARTICIPANTS ?? 1000);
const CONVERSATIONS = Math.ceil(PARTICIPANTS / 2);
const API_PROCESSES = Number(process.env.BENCH_LIVE_API_PROCESSES ?? 2);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);
const WARMUP_MS = 10_000;
/** Runs, each with conversations of its own; the tables give their median and spread. */
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 3);
const PROFILE_DIR = process.env.BENCH_LIVE_PROFILE_DIR;
const TEST_SECRET = 'test-secret-not-for-production-0123456789';

const OPEN = `mutation($id: ID!) { moderateConversation(input: { conversationId: $id, open: true }) { opened } }`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

interface ApiProcess {
  child: ChildProcess;
  url: string;
  pauses(): Promise<PauseStats>;
}

interface Round extends LiveClientsResult {
  apis: PauseStats[];
  bench: PauseStats;
  /** CPU ms per call over the load: the API processes together, and PostgreSQL. */
  apiCpuMsPerCall: number | null;
  postgresCpuMsPerCall: number | null;
  /** Events appended during the load (the event store's positions). */
  events: number;
}

/**
 * PostgreSQL's statements during the load, when the cluster has pg_stat_statements loaded
 * (EMBEDDED_PG_SETTINGS=shared_preload_libraries=pg_stat_statements): reset as a run's load starts,
 * read as it ends. Null without it.
 */
async function statementsWatch(app: TestApp) {
  try {
    await app.runtime.pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await app.runtime.pool.query('SELECT pg_stat_statements_reset()');
  } catch {
    return null;
  }
  return {
    reset: () => app.runtime.pool.query('SELECT pg_stat_statements_reset()'),
    top: async (limit: number) =>
      (
        await app.runtime.pool.query<{ calls: string; total_ms: number; mean_ms: number; query: string }>(
          `SELECT calls::text, total_exec_time + total_plan_time AS total_ms, (total_exec_time + total_plan_time) / calls AS mean_ms,
                  regexp_replace(query, '\\s+', ' ', 'g') AS query
             FROM pg_stat_statements WHERE calls > 0 ORDER BY total_ms DESC LIMIT $1`,
          [limit],
        )
      ).rows,
  };
}

async function startApiProcess(app: TestApp): Promise<ApiProcess> {
  const port = await freePort();
  const child = tethered(
    spawn(
      process.execPath,
      [
        // BENCH_LIVE_PROFILE_DIR: each API process writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
        ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
        '--import',
        'tsx',
        path.resolve(import.meta.dirname, '../../tests/integration/fixtures/api-process.ts'),
      ],
      {
        env: { ...process.env, DATABASE_URL: app.runtime.databaseUrl, PORT: String(port), AUTH_SECRET: TEST_SECRET, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      },
    ),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`API process exited (${code})`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    pauses: () =>
      new Promise<PauseStats>((resolve) => {
        child.once('message', (m: any) => resolve(m.pauses));
        child.send('pauses');
      }),
  };
}

async function main() {
  const started = Date.now();
  // A 15-minute conversation stays live for the whole run.
  const app = await startTestApp({ conversationSecondsPerMinute: 60 }, 'bench_live');
  console.log(
    `Live benchmark: ${(CONVERSATIONS * 2).toLocaleString('en')} participants in ${CONVERSATIONS} conversations, ${SECONDS} s of load on ${API_PROCESSES} API process${API_PROCESSES === 1 ? '' : 'es'}` +
      `${API_PROCESSES > 1 ? " (each conversation's speaker and student on different processes)" : ''}, ${RUNS} runs\n`,
  );
  const apis = await Promise.all(Array.from({ length: API_PROCESSES }, () => startApiProcess(app)));
  const benchPauses = watchPauses();
  const statements = await statementsWatch(app);

  /** One run: conversations of their own (so every speaker arrives anew), SECONDS of load. */
  const round = async (): Promise<Round> => {
    const pairs: LivePair[] = [];
    for (let i = 0; i < CONVERSATIONS; i += 20) {
      pairs.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, CONVERSATIONS - i) }, async (_, j) => {
            const [speaker, student] = await Promise.all([createSpeaker(app), createStudent(app, 60)]);
            const { conversationId } = await reserveOpenableNow(app, speaker, student);
            const n = i + j;
            return {
              conversationId,
              speaker: { token: speaker.token, url: apis[n % apis.length].url },
              student: { token: student.token, url: apis[(n + 1) % apis.length].url },
            };
          }),
        )),
      );
    }
    for (const p of pairs) await app.gql(OPEN, { id: p.conversationId }, p.speaker.token);
    // The in-process app's projector finishes with the setup's events before the load starts.
    await app.runtime.runner.catchUp();

    // The API processes' CPU and PostgreSQL's, read as the load starts and as it ends.
    const apiCpuMs = () => apis.reduce((sum, api) => sum + (processCpuMs(api.child.pid!) ?? Number.NaN), 0);
    const head = async () => Number((await app.runtime.store.headCheckpoint())?.position ?? 0);
    let atStart = { api: Number.NaN, cpu: readCpu(), head: head() };
    const result = await runLiveClients({ pairs, seconds: SECONDS, warmupMs: WARMUP_MS, presencePollMs: PRESENCE_POLL_MS }, () => {
      for (const api of apis) api.child.send('reset-pauses');
      benchPauses.reset();
      void statements?.reset();
      atStart = { api: apiCpuMs(), cpu: readCpu(), head: head() };
    });
    const apiMs = apiCpuMs() - atStart.api;
    const postgresMs = cpuSpent(atStart.cpu, readCpu()).postgresMs;
    const events = (await head()) - (await atStart.head);
    return {
      ...result,
      apis: await Promise.all(apis.map((api) => api.pauses())),
      bench: benchPauses.read(),
      events,
      apiCpuMsPerCall: Number.isNaN(apiMs) ? null : apiMs / result.calls,
      postgresCpuMsPerCall: postgresMs == null ? null : postgresMs / result.calls,
    };
  };

  const rounds: Round[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    rounds.push(await round());
    console.log(`run ${i + 1} of ${RUNS} done`);
  }

  const rows: [string, (r: Round) => number[]][] = [
    ['syncParticipant, whole run (joins included)', (r) => r.sync],
    [`syncParticipant, after the first ${WARMUP_MS / 1000} s`, (r) => r.steadySync],
    ['broadcastPresence, whole run', (r) => r.presence],
    [`broadcastPresence, after the first ${WARMUP_MS / 1000} s`, (r) => r.steadyPresence],
    [`presence delivery to the other participant${API_PROCESSES > 1 ? ' (across processes)' : ''}`, (r) => r.deliveries],
  ];
  // Median of the runs' figures, and their spread (lowest-highest): the machine is shared.
  const spread = (values: number[]) =>
    `${percentile(values, 0.5).toFixed(1)} (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)})`;
  console.log(`\nLatency as a participant sees it: median of ${RUNS} runs (lowest-highest)\n`);
  const table = new Table(['measurement', 'samples/run', 'p50 ms', 'p99 ms', 'p99 each run']);
  for (const [label, of] of rows) {
    const p50s = rounds.map((r) => percentile(of(r), 0.5));
    const p99s = rounds.map((r) => percentile(of(r), 0.99));
    table.add(
      label,
      percentile(
        rounds.map((r) => of(r).length),
        0.5,
      ),
      spread(p50s),
      spread(p99s),
      p99s.map((v) => v.toFixed(1)).join(' / '),
    );
  }
  table.print();

  console.log(
    '\nWhat a participant costs, each run: calls made, CPU per call (ms) of the API processes together and of PostgreSQL, events appended\n',
  );
  const costs = new Table(['run', 'calls', 'calls/s', 'API CPU ms/call', 'PostgreSQL CPU ms/call', 'events/s', 'errors']);
  for (const [i, r] of rounds.entries())
    costs.add(
      i + 1,
      r.calls,
      (r.calls / SECONDS).toFixed(0),
      r.apiCpuMsPerCall?.toFixed(2),
      r.postgresCpuMsPerCall?.toFixed(2),
      (r.events / SECONDS).toFixed(0),
      r.errors,
    );
  costs.print();

  console.log('\nPauses during the load, each run: event-loop delay (monitorEventLoopDelay) and garbage collection\n');
  const pauses = new Table(['run', 'process', 'loop p50 ms', 'loop p99 ms', 'loop max ms', 'GCs', 'GC total ms', 'GC max ms']);
  rounds.forEach((r, i) => {
    for (const [n, stats] of r.apis.entries()) pauses.add(i + 1, `API ${n + 1}`, ...pauseCells(stats));
    pauses.add(i + 1, 'participants (worker thread)', ...pauseCells(r.pauses));
    pauses.add(i + 1, 'bench (setup app)', ...pauseCells(r.bench));
  });
  pauses.print();
  if (statements) {
    console.log(`\nPostgreSQL's statements by time (execution and planning) during the last run's load (pg_stat_statements)\n`);
    const top = new Table(['calls', 'total ms', 'mean ms', 'statement']);
    for (const row of await statements.top(12))
      top.add(row.calls, row.total_ms.toFixed(0), row.mean_ms.toFixed(3), row.query.slice(0, 110));
    top.print();
  } else console.log('\n(No statement table: start with EMBEDDED_PG_SETTINGS=shared_preload_libraries=pg_stat_statements to see one.)');
  const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
  for (const message of rounds.flatMap((r) => r.firstErrors).slice(0, 3)) console.error(message);
  console.log(`\nErrors: ${errors}. Total ${((Date.now() - started) / 1000).toFixed(1)} s. Target: p99 under 50 ms.`);
  benchPauses.stop();
  await Promise.all(apis.map((api) => new Promise((exited) => api.child.once('exit', exited).kill('SIGTERM'))));
  await app.close();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
