/**
 * Kafka for tests: a real single-node KRaft broker (scripts/kafka/broker.ts: Apache Kafka's jars
 * from Maven Central, cached under ~/.cache/tertulia), and the relay and projector workers as child
 * processes that a test may kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startKafkaBroker, type KafkaBroker } from '../../scripts/kafka/broker';

export { startKafkaBroker, type KafkaBroker };

const MAIN = path.resolve(import.meta.dirname, '../../services/relay/main.ts');
const started = new Set<ChildProcess>();

export interface Role {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves when its output contains `text`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `relay` or `worker` (services/relay/main.ts) with `env` over the test's environment. */
export function startRole(role: 'relay' | 'worker', env: Record<string, string>): Role {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, role], {
    env: { ...process.env, LOG_LEVEL: 'info', AUTH_SECRET: 'test-secret-not-for-production-0123456789', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of [...listeners]) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  exited.then(() => started.delete(child));
  return {
    child,
    output: () => out,
    waitFor(text, timeoutMs = 60_000) {
      const seen = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
      if (seen()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`${role} did not print ${text} within ${timeoutMs} ms; it printed:\n${out.slice(-3000)}`));
        }, timeoutMs);
        function check() {
          if (!seen()) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        }
        listeners.add(check);
      });
    },
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Kills every relay and worker still running (in `after`). */
export function killRoles() {
  for (const child of started) child.kill('SIGKILL');
  started.clear();
}
