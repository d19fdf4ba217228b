/**
 * `npm run bench -- live`: 200 simulated participants (100 live conversations) against one API
 * process of their own, each syncing with the server's clock every pollingDelayMs (5 s) and
 * broadcasting presence every 7.5 s, as browsers in the room and the lobby do. Measures the latency
 * of syncParticipant and broadcastPresence as a participant sees it, and how long a participant's
 * arrival takes to reach the other participant's lobbyPresence subscription.
 *
 * The accounts and conversations are made by an in-process app on the same database; the load
 * goes to a separate API process (tests/integration/fixtures/api-process.ts), so the simulated
 * clients do not share its event loop. Three runs (BENCH_LIVE_RUNS), each with conversations of
 * its own; the tables print their median and spread, and each process's pauses during the load
 * (event-loop delay, garbage collection), which is where a tail comes from.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { PRESENCE_POLL_MS } from '../../contracts/live';
import { startTestApp } from '../../tests/support/app';
import { reserveOpenableNow } from '../../tests/support/live';
import { freePort } from '../../tests/support/ports';
import { createSpeaker, createStudent } from '../../tests/support/scheduling';
import { Table } from './lib';
import { pauseCells, watchPauses, type PauseStats } from './pauses';

const CONVERSATIONS = Number(process.env.BENCH_LIVE_CONVERSATIONS ?? 100);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);
const WARMUP_MS = 10_000;
/** Runs, each with conversations of its own; the tables give their median and spread. */
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 3);
const TEST_SECRET = 'test-secret-not-for-production-0123456789';

const SYNC = `mutation($id: ID!) { syncParticipant(input: { conversationId: $id }) { pollingDelayMs remainingTicks status } }`;
const PRESENCE = `query($id: ID!) { broadcastPresence(conversationId: $id) { present } }`;
const OPEN = `mutation($id: ID!) { moderateConversation(input: { conversationId: $id, open: true }) { opened } }`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

interface Round {
  sync: number[];
  steadySync: number[];
  presence: number[];
  steadyPresence: number[];
  deliveries: number[];
  errors: number;
  api: PauseStats;
  bench: PauseStats;
}

async function main() {
  const started = Date.now();
  // A 15-minute conversation stays live for the whole run.
  const app = await startTestApp({ conversationSecondsPerMinute: 60 }, 'bench_live');
  console.log(
    `Live benchmark: ${CONVERSATIONS * 2} participants in ${CONVERSATIONS} conversations, ${SECONDS} s of load on one API process, ${RUNS} runs\n`,
  );

  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../../tests/integration/fixtures/api-process.ts')],
    {
      env: { ...process.env, DATABASE_URL: app.runtime.databaseUrl, PORT: String(port), AUTH_SECRET: TEST_SECRET, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`API process exited (${code})`)));
  });
  const apiPauses = () =>
    new Promise<PauseStats>((resolve) => {
      child.once('message', (m: any) => resolve(m.pauses));
      child.send('pauses');
    });
  const url = `http://127.0.0.1:${port}`;
  const gql = async (query: string, variables: Record<string, unknown>, token: string) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tertulia-build': 'bench', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { errors?: { message: string }[]; data?: any };
    if (body.errors) throw new Error(body.errors[0].message);
    return body.data;
  };

  /** One run: conversations of its own (so every speaker arrives anew), SECONDS of load. */
  const round = async (): Promise<Round> => {
    const pairs = [];
    for (let i = 0; i < CONVERSATIONS; i += 10) {
      pairs.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, CONVERSATIONS - i) }, async () => {
            const [speaker, student] = await Promise.all([createSpeaker(app), createStudent(app, 60)]);
            const { conversationId } = await reserveOpenableNow(app, speaker, student);
            return { conversationId, speaker, student };
          }),
        )),
      );
    }
    for (const p of pairs) await gql(OPEN, { id: p.conversationId }, p.speaker.token);
    // The in-process app's projector finishes with the setup's events before the load starts.
    await app.runtime.runner.catchUp();

    // Each student watches the speaker's presence; the speaker's first broadcast is their arrival.
    const deliveries: number[] = [];
    const clients = pairs.map((p) => {
      const client = createClient({
        url: `${url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authToken: p.student.token },
        retryAttempts: 0,
      });
      client.subscribe(
        { query: `subscription($id: ID!) { lobbyPresence(conversationId: $id) { present } }`, variables: { id: p.conversationId } },
        {
          next: (value) => {
            const present = (value.data as any)?.lobbyPresence?.present;
            if (present && (p as any).arrivedAt) {
              deliveries.push(performance.now() - (p as any).arrivedAt);
              (p as any).arrivedAt = null;
            }
          },
          error: () => {},
          complete: () => {},
        },
      );
      return client;
    });
    await new Promise((r) => setTimeout(r, 2000));
    child.send('reset-pauses');
    benchPauses.reset();

    const syncTimes: number[] = [];
    const presenceTimes: number[] = [];
    let errors = 0;
    const until = performance.now() + SECONDS * 1000;
    // The first round joins every room (connections, starts, their read models): steady state after it.
    const steadyFrom = performance.now() + WARMUP_MS;
    const steadySync: number[] = [];
    const steadyPresence: number[] = [];
    const participant = async (conversationId: string, token: string, speakerPair?: { arrivedAt?: number | null }) => {
      // Spread the participants over the first poll interval, as browsers arriving at different moments.
      await new Promise((r) => setTimeout(r, Math.random() * PRESENCE_POLL_MS));
      let nextPresence = 0;
      let nextSync = 0;
      while (performance.now() < until) {
        const now = performance.now();
        try {
          if (now >= nextPresence) {
            if (speakerPair && speakerPair.arrivedAt === undefined) speakerPair.arrivedAt = performance.now();
            const t0 = performance.now();
            await gql(PRESENCE, { id: conversationId }, token);
            presenceTimes.push(performance.now() - t0);
            if (t0 >= steadyFrom) steadyPresence.push(performance.now() - t0);
            nextPresence = now + PRESENCE_POLL_MS;
          }
          if (now >= nextSync) {
            const t0 = performance.now();
            const sync = await gql(SYNC, { id: conversationId }, token);
            syncTimes.push(performance.now() - t0);
            if (t0 >= steadyFrom) steadySync.push(performance.now() - t0);
            nextSync = now + sync.syncParticipant.pollingDelayMs;
          }
        } catch (error) {
          errors += 1;
          if (errors < 3) console.error(error);
        }
        await new Promise((r) => setTimeout(r, Math.max(10, Math.min(nextPresence, nextSync) - performance.now())));
      }
    };
    await Promise.all(
      pairs.flatMap((p) => [participant(p.conversationId, p.student.token), participant(p.conversationId, p.speaker.token, p as any)]),
    );
    const result = {
      sync: syncTimes,
      steadySync,
      presence: presenceTimes,
      steadyPresence,
      deliveries,
      errors,
      api: await apiPauses(),
      bench: benchPauses.read(),
    };
    for (const c of clients) await c.dispose();
    return result;
  };

  const benchPauses = watchPauses();
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
    ['presence delivery to the other participant', (r) => r.deliveries],
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

  console.log('\nPauses during the load, each run: event-loop delay (monitorEventLoopDelay) and garbage collection\n');
  const pauses = new Table(['run', 'process', 'loop p50 ms', 'loop p99 ms', 'loop max ms', 'GCs', 'GC total ms', 'GC max ms']);
  rounds.forEach((r, i) => {
    pauses.add(i + 1, 'API', ...pauseCells(r.api));
    pauses.add(i + 1, 'bench (clients, setup app)', ...pauseCells(r.bench));
  });
  pauses.print();
  const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
  console.log(`\nErrors: ${errors}. Total ${((Date.now() - started) / 1000).toFixed(1)} s. Target: p99 under 50 ms.`);
  benchPauses.stop();
  child.kill('SIGTERM');
  await app.close();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
