/**
 * Load generation off the server's thread: clients that post GraphQL calls over HTTP run in a
 * worker thread, so the API under test has its event loop to itself, as it would with real
 * browsers elsewhere. Each client runs its calls in order, one at a time, until the budget ends.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { measureConcurrent, type Measurement } from './lib';

export interface GraphQLCall {
  query: string;
  variables: Record<string, unknown>;
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

async function clientsThread(options: ClientsOptions): Promise<ClientsResult> {
  let failures = 0;
  const errors: string[] = [];
  const latencies: number[] = [];
  const started = performance.now();
  const measured = await measureConcurrent({
    workers: options.clients.length,
    budgetMs: options.budgetMs,
    warmupMs: options.warmupMs,
    operation: async (worker, i) => {
      const plan = options.clients[worker];
      const call = plan.calls[i];
      if (!call) throw new Error(`client ${worker} ran out of calls after ${i}: plan more`);
      const t0 = performance.now();
      const response = await fetch(`${options.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(plan.token ? { authorization: `Bearer ${plan.token}` } : {}) },
        body: JSON.stringify(call),
      });
      const body = (await response.json()) as { errors?: { message: string }[] };
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

if (!isMainThread && parentPort) {
  parentPort.postMessage(await clientsThread((workerData as { options: ClientsOptions }).options));
}
