/**
 * Kafka for tests: a real single-node KRaft broker (scripts/kafka/broker.ts: Apache Kafka's jars
 * from Maven Central, cached under ~/.cache/tertulia), and the relay and projector workers as child
 * processes that a test may kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startKafkaBroker, startKafkaCluster, type KafkaBroker, type KafkaCluster } from '../../scripts/kafka/broker';
import type { KafkaPort } from '../../services/integrations/kafka';
import { decodeEntry, type FeedEntry } from '../../services/relay/index';
import { tethered } from '../../scripts/support/tether';

export { startKafkaBroker, startKafkaCluster, type KafkaBroker, type KafkaCluster };

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
  const child = tethered(
    spawn(process.execPath, ['--import', 'tsx', MAIN, role], {
      env: { ...process.env, LOG_LEVEL: 'info', AUTH_SECRET: 'test-secret-not-for-production-0123456789', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
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

/**
 * Every message of `topic` up to each partition's end as it is now, decoded (the event and its
 * predecessor), by partition in offset order (duplicates kept), read by a consumer group of its own.
 */
export async function readTopic(kafka: KafkaPort, topic: string, timeoutMs = 60_000): Promise<Map<number, FeedEntry[]>> {
  const ends = await kafka.topicEnds(topic);
  const seen = new Map<number, FeedEntry[]>([...ends.keys()].map((p) => [p, []]));
  const next = new Map<number, bigint>([...ends.keys()].map((p) => [p, 0n]));
  const complete = () => [...ends].every(([p, end]) => next.get(p)! >= BigInt(end));
  if (complete()) return seen;
  const consumer = kafka.consumer({ groupId: `read-${topic}-${process.pid}-${Date.now()}` });
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  await consumer.start(topic, async (batch) => {
    for (const m of batch.messages) {
      if (BigInt(m.offset) >= BigInt(ends.get(batch.partition) ?? '0')) continue;
      seen.get(batch.partition)!.push(decodeEntry(m.value!));
      next.set(batch.partition, BigInt(m.offset) + 1n);
    }
    if (complete()) done();
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      finished,
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`${topic} was not read to its end within ${timeoutMs} ms`)), timeoutMs)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
    await consumer.stop();
  }
  return seen;
}
