/**
 * Load generation off the server's thread: clients that post GraphQL calls over HTTP run in a
 * worker thread, so the API under test has its event loop to itself, as it would with real
 * browsers elsewhere. Each client runs its calls in order, one at a time, until the budget ends.
 */
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { formatReadAfter, parseReadAfter, READ_AFTER_HEADER, type ReadAfter, WRITTEN_HEADER } from '../../contracts/readAfter';
import { measureConcurrent, type Measurement } from './lib';

export interface GraphQLCall {
  query: string;
  variables: Record<string, unknown>;
  /** Whose call this is, when not the client's own token (a client acting for several students). */
  token?: string;
}
export interface GraphQLClientPlan {
  token: string | null;
  calls: GraphQLCall[];
}
export interface ClientsOptions {
  /** The API's origin, e.g. http://127.0.0.1:3000 */
  url: string;
  clients: GraphQLClientPlan[];
  budgetMs: number;
  warmupMs: number;
}
export interface ClientsResult extends Measurement {
  failures: number;
  /** The first few error messages, to say why calls failed. */
  errors: string[];
  /** Per-call latencies in ms inside the measured window, sorted. */
  latencies: number[];
}

/** Runs the clients in a worker thread and returns what they measured. */
export function runGraphQLClients(options: ClientsOptions): Promise<ClientsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./tsWorker.mjs', import.meta.url), { workerData: { module: import.meta.url, options } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the client worker exited with ${code}`)));
  });
}

/**
 * One POST over a kept-alive connection with node:http, not fetch: on this 2-core machine fetch
 * (undici's WHATWG layer) costs the client thread several times what the request costs the server,
 * so the load generator, not the API, set the ceiling (a bare Node server answered 473 requests/s).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
export async function post(url: string, token: string | null, payload: string): Promise<unknown> {
  return (await postReading(url, token, payload)).body;
}

/**
 * `post` as a person's browser sends it (contracts/readAfter.ts): with the read-after mark its last
 * call brought, if any; answers the body and the mark this call brought (null when none).
 */
export async function postCarryingMark(
  url: string,
  token: string | null,
  payload: string,
  carried: ReadAfter | null,
): Promise<{ body: unknown; mark: ReadAfter | null }> {
  const answer = await postReading(url, token, payload, carried ? { [READ_AFTER_HEADER]: formatReadAfter(carried) } : {});
  const written = answer.headers[WRITTEN_HEADER];
  return { body: answer.body, mark: typeof written === 'string' ? parseReadAfter(written) : null };
}

/** `post`, with extra request headers, answering the body and the response's headers. */
function postReading(
  url: string,
  token: string | null,
  payload: string,
  headers: Record<string, string> = {},
): Promise<{ body: unknown; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          try {
            resolve({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: response.headers });
          } catch (error) {
            reject(new Error(`HTTP ${response.statusCode}: not JSON (${String(error)})`));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function clientsThread(options: ClientsOptions): Promise<ClientsResult> {
  let failures = 0;
  const errors: string[] = [];
  const latencies: number[] = [];
  const started = performance.now();
  // Each person reads their own writes as the web does (contracts/readAfter.ts): the mark of a
  // mutation that answered before its read models is sent with that person's next call (a client
  // acting for several people in turn is several browsers, each with its own mark).
  const marks = new Map<string | null, ReadAfter | null>();
  const measured = await measureConcurrent({
    workers: options.clients.length,
    budgetMs: options.budgetMs,
    warmupMs: options.warmupMs,
    operation: async (worker, i) => {
      const plan = options.clients[worker];
      const call = plan.calls[i];
      if (!call) throw new Error(`client ${worker} ran out of calls after ${i}: plan more`);
      const t0 = performance.now();
      const person = call.token ?? plan.token;
      const carried = marks.get(person) ?? null;
      const answer = await postCarryingMark(
        `${options.url}/graphql`,
        person,
        JSON.stringify({ query: call.query, variables: call.variables }),
        carried,
      );
      marks.set(person, answer.mark);
      const body = answer.body as { errors?: { message: string }[] };
      if (t0 - started >= options.warmupMs) latencies.push(performance.now() - t0);
      if (body.errors?.length) {
        failures += 1;
        if (errors.length < 3) errors.push(body.errors[0].message);
        return 0;
      }
      return 1;
    },
  });
  latencies.sort((a, b) => a - b);
  return { ...measured, failures, errors, latencies };
}

// Only in the worker started for this module (another bench's worker may import `post`).
if (!isMainThread && parentPort && (workerData as { module?: string })?.module === import.meta.url) {
  parentPort.postMessage(await clientsThread((workerData as { options: ClientsOptions }).options));
}
