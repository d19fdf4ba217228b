/**
 * The live bench's participants, off the bench's main thread (as the reservations bench's clients
 * are): each syncs with the server's clock every pollingDelayMs and broadcasts presence every
 * PRESENCE_POLL_MS against the API process it was given, over kept-alive connections; each student
 * watches the speaker's presence (lobbyPresence) on the student's own process. A thread of its own
 * keeps the clients' work out of the setup app's event loop, and its pauses are measured apart:
 * a client whose loop is late measures a latency the server never had.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { ReadAfter } from '../../contracts/readAfter';
import { postCarryingMark } from './graphqlClients';
import { type PauseStats, watchPauses } from './pauses';

export interface LiveSide {
  token: string;
  /** The origin of the API process this participant talks to. */
  url: string;
}
export interface LivePair {
  conversationId: string;
  speaker: LiveSide;
  student: LiveSide;
}
export interface LiveClientsOptions {
  pairs: LivePair[];
  seconds: number;
  /** Latencies from this long after the start count as steady state (every room joined by then). */
  warmupMs: number;
  presencePollMs: number;
}
export interface LiveClientsResult {
  sync: number[];
  steadySync: number[];
  presence: number[];
  steadyPresence: number[];
  deliveries: number[];
  calls: number;
  errors: number;
  firstErrors: string[];
  pauses: PauseStats;
}

const SYNC = `mutation($id: ID!) { syncParticipant(input: { conversationId: $id }) { pollingDelayMs remainingTicks status } }`;
const PRESENCE = `query($id: ID!) { broadcastPresence(conversationId: $id) { present } }`;
const LOBBY_PRESENCE = `subscription($id: ID!) { lobbyPresence(conversationId: $id) { present } }`;

/**
 * Runs the participants in a worker thread. `onLoad` is called as the load starts (the
 * subscriptions are open by then), so the caller can open its measuring window there.
 */
export function runLiveClients(options: LiveClientsOptions, onLoad: () => void): Promise<LiveClientsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./tsWorker.mjs', import.meta.url), { workerData: { module: import.meta.url, options } });
    worker.on('message', (message: { loadStarted?: true; result?: LiveClientsResult }) => {
      if (message.loadStarted) onLoad();
      if (message.result) resolve(message.result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the live clients' worker exited with ${code}`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function clientsThread(options: LiveClientsOptions): Promise<LiveClientsResult> {
  const result: Omit<LiveClientsResult, 'pauses'> = {
    sync: [],
    steadySync: [],
    presence: [],
    steadyPresence: [],
    deliveries: [],
    calls: 0,
    errors: 0,
    firstErrors: [],
  };
  /** A participant's read-after mark (contracts/readAfter.ts), carried to its next call as the web does. */
  type Mark = { carried: ReadAfter | null };
  const call = async (side: LiveSide, query: string, conversationId: string, mark: Mark) => {
    result.calls += 1;
    const answer = await postCarryingMark(
      `${side.url}/graphql`,
      side.token,
      JSON.stringify({ query, variables: { id: conversationId } }),
      mark.carried,
    );
    mark.carried = answer.mark;
    const body = answer.body as { errors?: { message: string }[]; data?: Record<string, any> };
    if (body.errors?.length) throw new Error(body.errors[0].message);
    return body.data!;
  };
  const failed = (error: unknown) => {
    result.errors += 1;
    if (result.firstErrors.length < 3) result.firstErrors.push(String(error));
  };

  // Each student watches the speaker's presence; the speaker's first broadcast is their arrival.
  const arrivedAt = new Map<string, number | null>();
  const subscriptions = options.pairs.map((pair) => {
    const client = createClient({
      url: `${pair.student.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authToken: pair.student.token },
      retryAttempts: 0,
    });
    client.subscribe(
      { query: LOBBY_PRESENCE, variables: { id: pair.conversationId } },
      {
        next: (value) => {
          const since = arrivedAt.get(pair.conversationId);
          if ((value.data as any)?.lobbyPresence?.present && since) {
            result.deliveries.push(performance.now() - since);
            arrivedAt.set(pair.conversationId, null);
          }
        },
        error: failed,
        complete: () => {},
      },
    );
    return client;
  });
  await sleep(2000);

  const pauses = watchPauses();
  parentPort!.postMessage({ loadStarted: true });
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const steadyFrom = started + options.warmupMs;
  const participant = async (side: LiveSide, conversationId: string, isSpeaker: boolean) => {
    // Spread over the first poll interval, as browsers arriving at different moments.
    await sleep(Math.random() * options.presencePollMs);
    let nextPresence = 0;
    let nextSync = 0;
    const mark: Mark = { carried: null };
    while (performance.now() < until) {
      const now = performance.now();
      try {
        if (now >= nextPresence) {
          if (isSpeaker && !arrivedAt.has(conversationId)) arrivedAt.set(conversationId, performance.now());
          const t0 = performance.now();
          await call(side, PRESENCE, conversationId, mark);
          const took = performance.now() - t0;
          result.presence.push(took);
          if (t0 >= steadyFrom) result.steadyPresence.push(took);
          nextPresence = now + options.presencePollMs;
        }
        if (now >= nextSync) {
          const t0 = performance.now();
          const sync = await call(side, SYNC, conversationId, mark);
          const took = performance.now() - t0;
          result.sync.push(took);
          if (t0 >= steadyFrom) result.steadySync.push(took);
          nextSync = now + sync.syncParticipant.pollingDelayMs;
        }
      } catch (error) {
        failed(error);
      }
      await sleep(Math.max(10, Math.min(nextPresence, nextSync) - performance.now()));
    }
  };
  await Promise.all(
    options.pairs.flatMap((pair) => [
      participant(pair.student, pair.conversationId, false),
      participant(pair.speaker, pair.conversationId, true),
    ]),
  );
  const stats = pauses.read();
  pauses.stop();
  await Promise.all(subscriptions.map((client) => client.dispose()));
  return { ...result, pauses: stats };
}

if (!isMainThread && parentPort && (workerData as { module?: string })?.module === import.meta.url) {
  parentPort.postMessage({ result: await clientsThread((workerData as { options: LiveClientsOptions }).options) });
}
