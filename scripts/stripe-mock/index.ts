/**
 * Stripe's own API simulator, stripe-mock (a Go module), for the Stripe adapter's tests: installed
 * with `go install` on first use into a cache outside the repository (so clean clones reuse it),
 * then started on a free port. It answers every call from Stripe's OpenAPI specification and
 * refuses requests the real API would refuse for their shape, which is what the tests check; its
 * answers are fixtures, not a payment simulation (declines and 3-D Secure stay with the local
 * gateway's tests and the webhook tests).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const STRIPE_MOCK_VERSION = 'v0.203.0';
const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'tertulia', `stripe-mock-${STRIPE_MOCK_VERSION}`);
const BINARY = path.join(CACHE, 'stripe-mock');

/** The stripe-mock binary, built on first use (about a minute with an empty Go module cache). */
export async function ensureStripeMock(log: (line: string) => void = () => {}): Promise<string> {
  if (fs.existsSync(BINARY)) return BINARY;
  fs.mkdirSync(CACHE, { recursive: true });
  log(`installing stripe-mock ${STRIPE_MOCK_VERSION} with go install (first use only) into ${CACHE}`);
  await promisify(execFile)('go', ['install', `github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`], {
    env: { ...process.env, GOBIN: CACHE, GOFLAGS: '-mod=mod' },
    timeout: 10 * 60_000,
  });
  return BINARY;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface StripeMock {
  port: number;
  stop(): void;
}

/** Starts stripe-mock on a free port and waits until it accepts connections. */
export async function startStripeMock(): Promise<StripeMock> {
  const binary = await ensureStripeMock((line) => console.log(line));
  const port = await freePort();
  const child: ChildProcess = spawn(binary, ['-http-port', String(port)], { stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('stripe-mock did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, stop: () => void child.kill('SIGKILL') };
}
