/**
 * `npm run bench -- live`: 200 simulated participants (100 live conversations) against one API
 * process of their own, each syncing with the server's clock every pollingDelayMs (5 s) and
 * broadcasting presence every 7.5 s, as browsers in the room and the lobby do. Measures the latency
 * of syncParticipant and broadcastPresence as a participant sees it, and how long a participant's
 * arrival takes to reach the other participant's lobbyPresence subscription.
 *
 * The accounts and conversations are made by an in-process app on the same database; the load
 * goes to a separate API process (tests/integration/fixtures/api-process.ts), so the simulated
 * clients do not share its event loop.
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

const CONVERSATIONS = Number(process.env.BENCH_LIVE_CONVERSATIONS ?? 100);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);
const WARMUP_MS = 10_000;
const TEST_SECRET = 'test-secret-not-for-production-0123456789';

const SYNC = `mutation($id: ID!) { syncParticipant(input: { conversationId: $id }) { pollingDelayMs remainingTicks status } }`;
const PRESENCE = `query($id: ID!) { broadcastPresence(conversationId: $id) { present } }`;
const OPEN = `mutation($id: ID!) { moderateConversation(input: { conversationId: $id, open: true }) { opened } }`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

async function main() {
  const started = Date.now();
  // A 15-minute conversation stays live for the whole run.
  const app = await startTestApp({ conversationSecondsPerMinute: 60 }, 'bench_live');
  console.log(`Live benchmark: ${CONVERSATIONS * 2} participants in ${CONVERSATIONS} conversations, ${SECONDS} s of load on one API process\n`);
  const pairs = [];
  for (let i = 0; i < CONVERSATIONS; i += 10) {
    pairs.push(...(await Promise.all(Array.from({ length: Math.min(10, CONVERSATIONS - i) }, async () => {
      const [speaker, student] = await Promise.all([createSpeaker(app), createStudent(app, 60)]);
      const { conversationId } = await reserveOpenableNow(app, speaker, student);
      return { conversationId, speaker, student };
    }))));
  }

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../tests/integration/fixtures/api-process.ts')], {
    env: { ...process.env, DATABASE_URL: app.runtime.databaseUrl, PORT: String(port), AUTH_SECRET: TEST_SECRET, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`API process exited (${code})`)));
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
  for (const p of pairs) await gql(OPEN, { id: p.conversationId }, p.speaker.token);

  // Each student watches the speaker's presence; the speaker's first broadcast is their arrival.
  const deliveries: number[] = [];
  const clients = pairs.map((p) => {
    const client = createClient({ url: `${url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authToken: p.student.token }, retryAttempts: 0 });
    client.subscribe({ query: `subscription($id: ID!) { lobbyPresence(conversationId: $id) { present } }`, variables: { id: p.conversationId } }, {
      next: (value) => {
        const present = (value.data as any)?.lobbyPresence?.present;
        if (present && (p as any).arrivedAt) {
          deliveries.push(performance.now() - (p as any).arrivedAt);
          (p as any).arrivedAt = null;
        }
      },
      error: () => {},
      complete: () => {},
    });
    return client;
  });
  await new Promise((r) => setTimeout(r, 2000));

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
  await Promise.all(pairs.flatMap((p) => [participant(p.conversationId, p.student.token), participant(p.conversationId, p.speaker.token, p as any)]));

  const table = new Table(['measurement', 'samples', 'p50 ms', 'p99 ms']);
  table.add('syncParticipant, whole run (joins included)', syncTimes.length, percentile(syncTimes, 0.5).toFixed(1), percentile(syncTimes, 0.99).toFixed(1));
  table.add(`syncParticipant, after the first ${WARMUP_MS / 1000} s`, steadySync.length, percentile(steadySync, 0.5).toFixed(1), percentile(steadySync, 0.99).toFixed(1));
  table.add('broadcastPresence, whole run', presenceTimes.length, percentile(presenceTimes, 0.5).toFixed(1), percentile(presenceTimes, 0.99).toFixed(1));
  table.add(`broadcastPresence, after the first ${WARMUP_MS / 1000} s`, steadyPresence.length, percentile(steadyPresence, 0.5).toFixed(1), percentile(steadyPresence, 0.99).toFixed(1));
  table.add('presence delivery to the other participant', deliveries.length, percentile(deliveries, 0.5).toFixed(1), percentile(deliveries, 0.99).toFixed(1));
  table.print();
  console.log(`\nErrors: ${errors}. Total ${((Date.now() - started) / 1000).toFixed(1)} s. Target: p99 under 50 ms.`);
  for (const c of clients) await c.dispose();
  child.kill('SIGTERM');
  await app.close();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
