/**
 * A real Apache Kafka broker for tests, benchmarks and local scale-out runs, without Docker.
 *
 * On first use the broker's jars (org.apache.kafka:kafka_2.13 and its runtime dependencies) are
 * fetched from Maven Central with `mvn dependency:copy-dependencies` into a cache outside the
 * repository (~/.cache/tertulia/kafka-<version>/, or $TERTULIA_CACHE_DIR), under a lock file so two
 * processes never fetch at once. Each start formats a fresh KRaft storage directory (one node,
 * broker and controller) in a temporary folder, listens on free ports of 127.0.0.1 and answers once
 * kafkajs's admin client can list topics. `stop()` sends SIGTERM, then SIGKILL after a few seconds.
 *
 * `npx tsx scripts/kafka/broker.ts` starts one and prints its address until Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync, renameSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectKafka } from '../../services/integrations/kafka';

export const KAFKA_VERSION = process.env.KAFKA_VERSION ?? '4.1.1';

const say = (message: string) => process.stderr.write(`[kafka] ${message}\n`);

function cacheDir(): string {
  return join(process.env.TERTULIA_CACHE_DIR ?? join(homedir(), '.cache', 'tertulia'), `kafka-${KAFKA_VERSION}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes `lock` (a file created exclusively), waiting for another holder; a lock older than 15 min is stale. */
async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  for (let waited = 0; ; waited += 500) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 15 * 60_000) rmSync(lock, { force: true });
      } catch {
        /* gone meanwhile */
      }
      if (waited % 10_000 === 0) say(`waiting for another process fetching Kafka's jars (${lock})`);
      await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** The folder of the broker's jars, fetched from Maven Central when absent. */
export async function ensureKafkaJars(): Promise<string> {
  const dir = cacheDir();
  const libs = join(dir, 'libs');
  const done = join(dir, 'complete');
  if (existsSync(done)) return libs;
  mkdirSync(dir, { recursive: true });
  return withLock(join(dir, '.lock'), async () => {
    if (existsSync(done)) return libs;
    say(`fetching Apache Kafka ${KAFKA_VERSION} jars from Maven Central into ${dir} (once; about a minute)`);
    const started = Date.now();
    const pom = join(dir, 'pom.xml');
    writeFileSync(
      pom,
      `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>tertulia</groupId><artifactId>kafka-broker</artifactId><version>1</version><packaging>pom</packaging>
<dependencies><dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>${KAFKA_VERSION}</version></dependency></dependencies>
</project>\n`,
    );
    const staging = join(dir, 'libs.partial');
    rmSync(staging, { recursive: true, force: true });
    const mvn = spawnSync(
      'mvn',
      ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', `-DoutputDirectory=${staging}`, '-DincludeScope=runtime'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (mvn.error || mvn.status !== 0) {
      throw new Error(
        `Could not fetch Kafka's jars with Maven (is \`mvn\` installed and Maven Central reachable?): ${mvn.error?.message ?? ''}\n${mvn.stdout}${mvn.stderr}`.trim(),
      );
    }
    if (!readdirSync(staging).some((f) => f.startsWith('kafka_2.13-'))) throw new Error(`Maven ran but ${staging} has no kafka_2.13 jar`);
    rmSync(libs, { recursive: true, force: true });
    renameSync(staging, libs);
    writeFileSync(done, `${new Date().toISOString()}\n`);
    say(`fetched ${readdirSync(libs).length} jars in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return libs;
  });
}

export interface KafkaBroker {
  /** host:port list for kafkajs. */
  brokers: string[];
  stop(): Promise<void>;
}


function java(): string {
  const home = process.env.JAVA_HOME;
  return home ? join(home, 'bin', 'java') : 'java';
}

/**
 * A KRaft cluster id: 16 random bytes, base64url. Never one that starts with '-', which the storage
 * tool's argument parser takes for an option ('expected one argument'): one start in 64 failed so.
 * Kafka's own Uuid.randomUuid() draws again for the same reason.
 */
export function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** Starts a single-node KRaft broker; resolves once it answers a client. */
export async function startKafkaBroker(options: { timeoutMs?: number } = {}): Promise<KafkaBroker> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const libs = await ensureKafkaJars();
  const classpath = `${libs}/*`;
  const dir = mkdtempSync(join(tmpdir(), 'tertulia-kafka-'));
  const [port, controllerPort] = [await freePort(), await freePort()];
  const properties = join(dir, 'server.properties');
  writeFileSync(
    properties,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      `log.dirs=${join(dir, 'data')}`,
      'num.partitions=1',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=4',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=false',
      '',
    ].join('\n'),
  );
  // Small heap and quick JIT: a test broker on a busy two-core machine.
  const jvm = ['-Xms128m', '-Xmx512m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto', '-Djava.awt.headless=true', '-cp', classpath];
  const started = Date.now();
  say(`formatting KRaft storage in ${dir}`);
  const clusterId = newClusterId();
  const format = spawnSync(java(), [...jvm, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', properties], { encoding: 'utf8' });
  if (format.error || format.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Kafka storage format failed (is Java 17+ installed?): ${format.error?.message ?? ''}\n${format.stdout}${format.stderr}`.trim());
  }
  say(`starting the broker on 127.0.0.1:${port}`);
  const logFile = join(dir, 'broker.log');
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn(java(), [...jvm, 'kafka.Kafka', properties], { stdio: ['ignore', out, out] });
  closeSync(out);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  const brokers = [`127.0.0.1:${port}`];

  const stop = async () => {
    if (exited === undefined) {
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const tail = () => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '';
    }
  };
  const kafka = connectKafka(brokers, 'tertulia-broker-check');
  for (;;) {
    if (exited !== undefined) {
      const log = tail();
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`The Kafka broker exited with ${exited} while starting:\n${log}`);
    }
    if (Date.now() - started > timeoutMs) {
      const log = tail();
      await stop();
      throw new Error(`The Kafka broker did not answer within ${timeoutMs / 1000} s:\n${log}`);
    }
    try {
      await kafka.ping();
      break;
    } catch {
      await sleep(250);
    }
  }
  say(`broker ready at ${brokers[0]} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { brokers, stop };
}

if (process.argv[1] && /scripts[\\/]kafka[\\/]broker\.ts$/.test(process.argv[1])) {
  const broker = await startKafkaBroker();
  console.log(`KAFKA_BROKERS=${broker.brokers.join(',')}`);
  const stop = async () => {
    await broker.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
