/**
 * A real Apache Kafka broker for tests, benchmarks and local scale-out runs, without Docker.
 *
 * On first use the broker's jars (org.apache.kafka:kafka_2.13 and its runtime dependencies) are
 * fetched from Maven Central with `mvn dependency:copy-dependencies` into a cache outside the
 * repository (~/.cache/tertulia/kafka-<version>/, or $TERTULIA_CACHE_DIR), under a lock file so two
 * processes never fetch at once. Each start formats fresh KRaft storage directories (each node a
 * broker and a controller) in a temporary folder, listens on free ports of 127.0.0.1 and answers
 * once a client can list topics. `stop()` sends SIGTERM, then SIGKILL after a few seconds.
 *
 * `npx tsx scripts/kafka/broker.ts` starts one broker and prints its address until Ctrl-C;
 * `-- --brokers 3` a three-broker cluster (tests/integration/kafka-cluster.test.ts kills its nodes).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { tethered } from '../support/tether';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  rmSync,
  writeFileSync,
  readFileSync,
  renameSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectKafka } from '../../services/integrations/kafka';
import { freePort } from '../../tests/support/ports';
import { toolCacheDir, withLock } from '../support/toolCache';

export const KAFKA_VERSION = process.env.KAFKA_VERSION ?? '4.1.1';

const say = (message: string) => process.stderr.write(`[kafka] ${message}\n`);

const cacheDir = () => toolCacheDir(`kafka-${KAFKA_VERSION}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The folder of the broker's jars, fetched from Maven Central when absent. */
export async function ensureKafkaJars(): Promise<string> {
  const dir = cacheDir();
  const libs = join(dir, 'libs');
  const done = join(dir, 'complete');
  if (existsSync(done)) return libs;
  mkdirSync(dir, { recursive: true });
  const waiting = () => say(`waiting for another process fetching Kafka's jars (${dir})`);
  return withLock(join(dir, '.lock'), waiting, async () => {
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
  /** host:port list for the clients. */
  brokers: string[];
  stop(): Promise<void>;
}

/** One node of a cluster (broker and controller), which a test may kill and start again. */
export interface KafkaNode {
  id: number;
  address: string;
  /** Kills the node's JVM with `signal` and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Stops the node's JVM (SIGSTOP) without ending it: its connections stay open and unanswered until `kill`. */
  freeze(): void;
  /** Starts it again on its data and ports; resolves once it answers. */
  restart(): Promise<void>;
  running(): boolean;
}

export interface KafkaCluster extends KafkaBroker {
  nodes: KafkaNode[];
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

/**
 * Starts a KRaft cluster of `size` nodes, each a broker and a controller (a quorum of `size`
 * voters), on free ports of 127.0.0.1; resolves once every broker answers. A cluster of three
 * replicates its internal topics three times with min.insync.replicas 2, as production does, and
 * fences a silent broker within seconds (broker.session.timeout.ms 4000) so that a killed broker's
 * partitions move quickly.
 */
export async function startKafkaCluster(options: { size?: number; timeoutMs?: number } = {}): Promise<KafkaCluster> {
  const size = options.size ?? 1;
  if (!Number.isInteger(size) || size < 1 || size > 5) throw new Error(`A Kafka cluster has 1 to 5 nodes (got ${size})`);
  const timeoutMs = options.timeoutMs ?? 90_000;
  const libs = await ensureKafkaJars();
  const dir = mkdtempSync(join(tmpdir(), 'tertulia-kafka-'));
  const ports: { port: number; controllerPort: number }[] = [];
  for (let i = 0; i < size; i++) ports.push({ port: await freePort(), controllerPort: await freePort() });
  const voters = ports.map((p, i) => `${i + 1}@127.0.0.1:${p.controllerPort}`).join(',');
  const replication = Math.min(size, 3);
  const minIsr = size >= 3 ? 2 : 1;
  // Small heap and quick JIT: test brokers on a busy two-core machine.
  const jvm = [
    '-Xms96m',
    size > 1 ? '-Xmx384m' : '-Xmx512m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-Xshare:auto',
    '-Djava.awt.headless=true',
    '-cp',
    `${libs}/*`,
  ];
  const clusterId = newClusterId();
  const brokers = ports.map((p) => `127.0.0.1:${p.port}`);
  const started = Date.now();
  say(`formatting KRaft storage for ${size} node(s) in ${dir}`);

  const nodes = await Promise.all(
    ports.map(async ({ port, controllerPort }, i) => {
      const id = i + 1;
      const nodeDir = join(dir, `node-${id}`);
      mkdirSync(nodeDir, { recursive: true });
      const properties = join(nodeDir, 'server.properties');
      writeFileSync(
        properties,
        [
          'process.roles=broker,controller',
          `node.id=${id}`,
          `controller.quorum.voters=${voters}`,
          `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
          `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
          'controller.listener.names=CONTROLLER',
          'inter.broker.listener.name=PLAINTEXT',
          'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
          `log.dirs=${join(nodeDir, 'data')}`,
          'num.partitions=1',
          `default.replication.factor=${replication}`,
          `min.insync.replicas=${minIsr}`,
          'unclean.leader.election.enable=false',
          `offsets.topic.replication.factor=${replication}`,
          'offsets.topic.num.partitions=4',
          `transaction.state.log.replication.factor=${replication}`,
          `transaction.state.log.min.isr=${minIsr}`,
          `share.coordinator.state.topic.replication.factor=${replication}`,
          `share.coordinator.state.topic.min.isr=${minIsr}`,
          'group.initial.rebalance.delay.ms=0',
          'auto.create.topics.enable=false',
          'broker.heartbeat.interval.ms=500',
          'broker.session.timeout.ms=4000',
          '',
        ].join('\n'),
      );
      const format = await run(java(), [...jvm, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', properties]);
      if (format.code !== 0) {
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`Kafka storage format failed (is Java 17+ installed?): ${format.output}`.trim());
      }
      const logFile = join(nodeDir, 'broker.log');
      let child: ChildProcess | null = null;
      let exited: number | null | undefined;
      const launch = () => {
        const out = openSync(logFile, 'a');
        exited = undefined;
        child = tethered(spawn(java(), [...jvm, 'kafka.Kafka', properties], { stdio: ['ignore', out, out] }));
        closeSync(out);
        child.on('exit', (code) => (exited = code));
      };
      const tail = () => {
        try {
          return readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
        } catch {
          return '';
        }
      };
      const kill = async (signal: NodeJS.Signals) => {
        if (!child || exited !== undefined) return;
        const gone = new Promise<void>((r) => child!.once('exit', () => r()));
        child.kill(signal);
        const timer = setTimeout(() => child?.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      };
      const address = `127.0.0.1:${port}`;
      /** Waits until this node answers a client (its own address only). */
      const answers = async (since: number) => {
        const kafka = connectKafka([address], `tertulia-broker-check-${id}`);
        for (;;) {
          if (exited !== undefined) throw new Error(`Kafka node ${id} exited with ${exited} while starting:\n${tail()}`);
          if (Date.now() - since > timeoutMs) throw new Error(`Kafka node ${id} did not answer within ${timeoutMs / 1000} s:\n${tail()}`);
          try {
            await kafka.ping();
            return;
          } catch {
            await sleep(250);
          }
        }
      };
      const node: KafkaNode & { launch(): void; answers(since: number): Promise<void> } = {
        id,
        address,
        kill,
        freeze: () => void child?.kill('SIGSTOP'),
        running: () => !!child && exited === undefined,
        launch,
        answers,
        async restart() {
          if (node.running()) throw new Error(`Kafka node ${id} is running`);
          launch();
          await answers(Date.now());
        },
      };
      return node;
    }),
  );

  const stop = async () => {
    await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
    rmSync(dir, { recursive: true, force: true });
  };
  say(`starting ${size} node(s) on ${brokers.join(', ')}`);
  for (const n of nodes) n.launch();
  try {
    await Promise.all(nodes.map((n) => n.answers(started)));
    // Every broker registered with the quorum (a client of one node sees them all).
    const kafka = connectKafka(brokers, 'tertulia-cluster-check');
    while ((await kafka.brokerCount()) < size) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`Only some of the ${size} Kafka nodes joined the cluster within ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  say(
    `${size === 1 ? 'broker' : `${size}-broker cluster`} ready at ${brokers.join(',')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { brokers, nodes, stop };
}

/** Starts a single-node KRaft broker; resolves once it answers a client. */
export async function startKafkaBroker(options: { timeoutMs?: number } = {}): Promise<KafkaBroker> {
  const { brokers, stop } = await startKafkaCluster({ size: 1, timeoutMs: options.timeoutMs });
  return { brokers, stop };
}

/** Runs a short command, collecting its output. */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', (error) => resolve({ code: -1, output: `${error.message}\n${output}` }));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

if (process.argv[1] && /scripts[\\/]kafka[\\/]broker\.ts$/.test(process.argv[1])) {
  const i = process.argv.indexOf('--brokers');
  const size = i > 0 ? Number(process.argv[i + 1]) : 1;
  const cluster = await startKafkaCluster({ size });
  console.log(`KAFKA_BROKERS=${cluster.brokers.join(',')}`);
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
