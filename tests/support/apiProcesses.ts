/**
 * Several API processes on one database (tests of the change hub and of restarts): a second API
 * process (tests/integration/fixtures/api-process.ts) and GraphQL subscriptions over WebSocket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { eventually } from './eventually';
import { freePort } from './ports';
import { readOwnWrites } from './readAfter';
import { tethered } from '../../scripts/support/tether';

const FIXTURE = path.resolve(import.meta.dirname, '../integration/fixtures/api-process.ts');
const TEST_SECRET = 'test-secret-not-for-production-0123456789';
const started: ChildProcess[] = [];

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  gql(query: string, variables: Record<string, unknown>, token: string): Promise<any>;
}

/** Starts an API process on `databaseUrl` and waits until it is ready; `env` adds settings. */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child = tethered(
    spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), AUTH_SECRET: TEST_SECRET, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  started.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`API process exited early (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    async gql(query, variables, token) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tertulia-build': 'test', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const result = await res.json();
      await readOwnWrites(`${url}/graphql`, res);
      return result;
    },
  };
}

/** Kills every API process the tests started (in `after`). */
export function killApiProcesses() {
  for (const child of started.splice(0)) child.kill('SIGKILL');
}

/**
 * How many subscriptions the API process at `url` listens with now, every topic (its
 * tertulia_change_subscriptions gauge): a GraphQL subscription has no acknowledgement.
 */
export async function subscriptionsListening(url: string): Promise<number> {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  let open = 0;
  for (const [, n] of metrics.matchAll(/^tertulia_change_subscriptions\{[^}]*\} (\d+)$/gm)) open += Number(n);
  return open;
}

/** Per API process, the subscription being opened: one at a time, so that each knows the count it adds to. */
const opening = new Map<string, Promise<void>>();

/**
 * Subscribes at `url` (signed out without a token); `next()` resolves with the next value's data,
 * its errors, or `{ error }`; `ready()` once the process listens for it, or once it answered (a
 * refusal, a first value).
 */
export function subscribe(url: string, token: string | null, query: string, variables: Record<string, unknown>) {
  const client = createClient({
    url: `${url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authToken: token } : {},
    retryAttempts: 0,
  });
  const values: any[] = [];
  const waiters: ((v: any) => void)[] = [];
  let answered = false;
  const push = (v: any) => {
    answered = true;
    const waiter = waiters.shift();
    if (waiter) waiter(v);
    else values.push(v);
  };
  const listening = async () => {
    const before = await subscriptionsListening(url);
    client.subscribe(
      { query, variables },
      { next: (value) => push(value.data ?? value.errors), error: (e) => push({ error: e }), complete: () => {} },
    );
    await eventually(
      async () => answered || (await subscriptionsListening(url)) > before,
      `${url} to listen for ${query} (${before} subscriptions before it)`,
      30_000,
    );
  };
  const opened = (opening.get(url) ?? Promise.resolve()).catch(() => {}).then(listening);
  opening.set(url, opened);
  opened.catch(() => {}); // a caller that never asks ready() is told by next()
  return {
    ready: () => opened,
    next: (ms = 10_000) =>
      new Promise<any>((resolve, reject) => {
        if (values.length) return resolve(values.shift());
        const timer = setTimeout(() => reject(new Error(`no value within ${ms} ms for ${query}`)), ms);
        waiters.push((v) => {
          clearTimeout(timer);
          resolve(v);
        });
      }),
    dispose: () => client.dispose(),
  };
}
