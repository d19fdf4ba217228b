/**
 * The project's Kafka port: the only module that imports a Kafka client library (kafkajs today).
 * The relay, the projector workers, the broker script and the tests use these few operations, so a
 * change of client (@platformatic/kafka, Confluent's client) touches this folder alone; the criteria
 * for switching are in docs/decisions/kafka-cluster.md.
 *
 * Production settings (docs/decisions/kafka-cluster.md):
 * - A topic this port creates is replicated on 3 brokers with min.insync.replicas=2 when the
 *   cluster has 3 or more, so one broker may die with no write refused and no acknowledged write
 *   lost; on a smaller cluster (a development broker) on every broker, with min.insync.replicas=1.
 * - The producer is idempotent, waits for every in-sync replica (acks=all) and keeps one request in
 *   flight, so a retried send never lands after the one that followed it: each partition keeps the
 *   order of the sends, hence every stream's order.
 * - Consumers never commit on their own: the caller commits a batch's offset after its effects are
 *   committed (the read model's checkpoint, services/relay/worker.ts).
 */
import { Kafka, logLevel, type Admin, type Consumer, type Producer, type RecordMetadata } from 'kafkajs';

export interface FeedMessage {
  partition: number;
  key: string;
  value: string;
}

export interface TopicSettings {
  partitions: number;
  replicationFactor: number;
  minInsyncReplicas: number;
}

export interface ConsumedMessage {
  offset: string;
  key: string | null;
  value: Buffer | null;
}

export interface ConsumedBatch {
  partition: number;
  messages: ConsumedMessage[];
  /** False once the consumer stops; true while it runs. */
  isRunning(): boolean;
  /** True once a rebalance took this batch's partition away. */
  isStale(): boolean;
  /** Tells the group this member is alive (long batches). */
  heartbeat(): Promise<void>;
  /** Marks the batch consumed and commits the offset after its last message (throws when the group moved on). */
  commit(): Promise<void>;
}

export interface FeedConsumerOptions {
  groupId: string;
  /** How long the group waits for a silent member before handing its partitions on (the broker's minimum is 6000). */
  sessionTimeoutMs?: number;
  /** The partitions of `topic` this member holds, after each rebalance. */
  onAssigned?: (partitions: number[]) => void;
}

export interface FeedConsumer {
  /** Joins the group and delivers `topic`'s batches, from the group's committed offsets (the beginning for a new group). */
  start(topic: string, eachBatch: (batch: ConsumedBatch) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export interface FeedProducer {
  /** Resolves once every in-sync replica holds the messages, in order. */
  send(topic: string, messages: FeedMessage[]): Promise<void>;
  disconnect(): Promise<void>;
}

export interface KafkaPort {
  readonly brokers: readonly string[];
  /** Resolves when the cluster answers a metadata request; throws otherwise. */
  ping(): Promise<void>;
  /** How many brokers the cluster has now. */
  brokerCount(): Promise<number>;
  /** Creates `topic` when absent (settings above); returns the settings it has. */
  ensureTopic(topic: string, partitions: number): Promise<TopicSettings>;
  /** The topic's partition count; throws while it does not exist. */
  topicPartitions(topic: string): Promise<number>;
  /** The offset after each partition's last message (the high watermark), by partition. */
  topicEnds(topic: string): Promise<Map<number, string>>;
  producer(): Promise<FeedProducer>;
  consumer(options: FeedConsumerOptions): FeedConsumer;
}

/** Sends of the partitions a send left unacknowledged before giving up (the relay then starts over from its checkpoint). */
export const SEND_ATTEMPTS = 10;

/**
 * Sends `messages` until every partition they go to is acknowledged. kafkajs's send may resolve
 * with some partitions never written: a retry after a leader's death asks only the brokers that
 * have not answered yet, so a partition whose new leader already answered for other partitions is
 * left out, silently (kafkajs 2.2.4, producer/sendMessages.js, `brokersWithoutResponse`; issue 30:
 * three events missing from two partitions after a broker's SIGKILL). The missing partitions are
 * sent again, in order, through the same producer: their sequence numbers were handed back when
 * their request failed, so a copy the dead leader did write is recognised by the broker as a duplicate.
 */
export async function sendAcknowledged(
  send: (messages: FeedMessage[]) => Promise<Pick<RecordMetadata, 'partition' | 'errorCode'>[]>,
  messages: FeedMessage[],
): Promise<void> {
  let pending = messages;
  for (let attempt = 1; pending.length; attempt++) {
    const acknowledged = new Set((await send(pending)).filter((r) => r.errorCode === 0).map((r) => r.partition));
    pending = pending.filter((m) => !acknowledged.has(m.partition));
    if (pending.length && attempt >= SEND_ATTEMPTS) {
      const partitions = [...new Set(pending.map((m) => m.partition))].join(', ');
      throw new Error(`Kafka acknowledged no write to partition(s) ${partitions} after ${attempt} sends`);
    }
  }
}

/** Replication for a cluster of `brokers`: 3 with min.insync.replicas 2 on three or more. */
export function replicationFor(brokers: number): { replicationFactor: number; minInsyncReplicas: number } {
  return brokers >= 3 ? { replicationFactor: 3, minInsyncReplicas: 2 } : { replicationFactor: Math.max(1, brokers), minInsyncReplicas: 1 };
}

/** How long a new topic's partitions have to get their leaders known to the cluster. */
const TOPIC_LEADERS_MS = 30_000;

/**
 * Waits until every partition of `topic` has a leader in the cluster's metadata. Under KRaft a
 * broker learns of a topic the controller has just created a moment later, and answers
 * UNKNOWN_TOPIC_OR_PARTITION until then: kafkajs's `waitForLeaders` retries only
 * LEADER_NOT_AVAILABLE and failed the creation (the relay's start, once in a test run on a busy
 * machine). Retriable errors are waited out; any other is thrown.
 */
export async function leadersElected(admin: Admin, topic: string): Promise<void> {
  const deadline = Date.now() + TOPIC_LEADERS_MS;
  for (;;) {
    try {
      const partitions = (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0]?.partitions ?? [];
      if (partitions.length && partitions.every((p) => p.leader >= 0 && !p.partitionErrorCode)) return;
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable) throw error;
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`Kafka topic ${topic}: its partitions had no leaders within ${TOPIC_LEADERS_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function withAdmin<T>(kafka: Kafka, work: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/**
 * A port on `brokers` (host:port); quiet (the client logs every retry; the roles log what matters).
 * Retries back off to at most a second, 30 times: after a broker dies its partitions' new leaders
 * are found within about a second of their election (15.8 s from the kill with the client's
 * exponential back-off, 6 s so, on the three-broker test cluster), with the same ~30 s of patience.
 */
export function connectKafka(brokers: readonly string[], clientId = 'tertulia'): KafkaPort {
  const kafka = new Kafka({
    clientId,
    brokers: [...brokers],
    logLevel: logLevel.NOTHING,
    retry: { retries: 30, initialRetryTime: 100, maxRetryTime: 1000 },
  });

  async function topicSettings(admin: Admin, topic: string): Promise<TopicSettings> {
    const meta = await admin.fetchTopicMetadata({ topics: [topic] });
    const partitions = meta.topics[0].partitions;
    const config = await admin.describeConfigs({
      resources: [{ type: 2 /* TOPIC */, name: topic, configNames: ['min.insync.replicas'] }],
      includeSynonyms: false,
    });
    const minIsr = config.resources[0]?.configEntries.find((e) => e.configName === 'min.insync.replicas')?.configValue;
    return {
      partitions: partitions.length,
      replicationFactor: partitions[0]?.replicas.length ?? 0,
      minInsyncReplicas: Number(minIsr ?? 1),
    };
  }

  return {
    brokers,
    async ping() {
      await withAdmin(kafka, (admin) => admin.listTopics());
    },
    async brokerCount() {
      return withAdmin(kafka, async (admin) => (await admin.describeCluster()).brokers.length);
    },
    async ensureTopic(topic, partitions) {
      return withAdmin(kafka, async (admin) => {
        const { replicationFactor, minInsyncReplicas } = replicationFor((await admin.describeCluster()).brokers.length);
        await admin.createTopics({
          topics: [
            {
              topic,
              numPartitions: partitions,
              replicationFactor,
              configEntries: [{ name: 'min.insync.replicas', value: String(minInsyncReplicas) }],
            },
          ],
          // Waited for below: kafkajs's own wait gives up on a new topic's UNKNOWN_TOPIC_OR_PARTITION.
          waitForLeaders: false,
        });
        await leadersElected(admin, topic);
        return topicSettings(admin, topic);
      });
    },
    async topicPartitions(topic) {
      return withAdmin(kafka, async (admin) => (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0].partitions.length);
    },
    async topicEnds(topic) {
      return withAdmin(kafka, async (admin) => new Map((await admin.fetchTopicOffsets(topic)).map((o) => [o.partition, o.high])));
    },
    async producer() {
      const producer: Producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
      await producer.connect();
      return {
        send: (topic, messages) => sendAcknowledged((pending) => producer.send({ topic, acks: -1, messages: pending }), messages),
        disconnect: () => producer.disconnect(),
      };
    },
    consumer(options) {
      const consumer: Consumer = kafka.consumer({
        groupId: options.groupId,
        sessionTimeout: options.sessionTimeoutMs ?? 10_000,
        heartbeatInterval: 1000,
        rebalanceTimeout: 20_000,
        maxWaitTimeInMs: 250,
        allowAutoTopicCreation: false,
      });
      return {
        async start(topic, eachBatch) {
          consumer.on(consumer.events.GROUP_JOIN, (e) =>
            options.onAssigned?.((e.payload.memberAssignment[topic] ?? []).slice().sort((a, b) => a - b)),
          );
          await consumer.connect();
          await consumer.subscribe({ topic, fromBeginning: true });
          await consumer.run({
            autoCommit: false,
            eachBatchAutoResolve: false,
            eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) =>
              eachBatch({
                partition: batch.partition,
                messages: batch.messages.map((m) => ({ offset: m.offset, key: m.key?.toString() ?? null, value: m.value })),
                isRunning,
                isStale,
                heartbeat,
                async commit() {
                  const last = batch.lastOffset();
                  resolveOffset(last);
                  await consumer.commitOffsets([{ topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() }]);
                },
              }),
          });
        },
        stop: () => consumer.disconnect(),
      };
    },
  };
}
