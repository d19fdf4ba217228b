/**
 * The Kafka port's send: every partition acknowledged or an error (issue 30). The fake send acts
 * as kafkajs 2.2.4 after a leader's death: its retry asked only brokers that had not answered, so
 * partitions moved to a broker that had answered were resolved without being written.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { Admin } from 'kafkajs';
import { leadersElected, SEND_ATTEMPTS, sendAcknowledged, type FeedMessage } from './index';

const messages: FeedMessage[] = [0, 1, 2, 3].flatMap((partition) => ['a', 'b'].map((key) => ({ partition, key, value: key })));

/** A send that writes and acknowledges only the partitions `writes` lets through on each call. */
function fakeSend(writes: (call: number) => Set<number>) {
  const calls: FeedMessage[][] = [];
  const written = new Map<number, string[]>();
  const send = async (pending: FeedMessage[]) => {
    const call = calls.push(pending);
    const through = writes(call);
    for (const m of pending) if (through.has(m.partition)) written.set(m.partition, [...(written.get(m.partition) ?? []), m.key]);
    return [...new Set(pending.map((m) => m.partition))].filter((p) => through.has(p)).map((partition) => ({ partition, errorCode: 0 }));
  };
  return { send, calls, written };
}

describe('sendAcknowledged', () => {
  it('sends again, in order, the partitions a send resolved without acknowledging', async () => {
    const fake = fakeSend((call) => new Set(call === 1 ? [0, 1] : [0, 1, 2, 3]));
    await sendAcknowledged(fake.send, messages);
    for (const partition of [0, 1, 2, 3]) assert.deepEqual(fake.written.get(partition), ['a', 'b'], `partition ${partition}`);
    assert.equal(fake.calls.length, 2);
    assert.deepEqual(
      fake.calls[1].map((m) => `${m.partition}${m.key}`),
      ['2a', '2b', '3a', '3b'],
    );
  });

  it('sends once when every partition is acknowledged', async () => {
    const fake = fakeSend(() => new Set([0, 1, 2, 3]));
    await sendAcknowledged(fake.send, messages);
    assert.equal(fake.calls.length, 1);
  });

  it('fails, naming the partitions, when one is never acknowledged', async () => {
    const fake = fakeSend(() => new Set([0, 1, 3]));
    await assert.rejects(sendAcknowledged(fake.send, messages), /no write to partition\(s\) 2 after 10 sends/);
    assert.equal(fake.calls.length, SEND_ATTEMPTS);
  });
});

describe('leadersElected', () => {
  /** An admin whose metadata answers are `answers` in turn (an Error is thrown). */
  const adminAnswering = (answers: (Error | { leader: number; partitionErrorCode?: number }[])[]) => {
    let calls = 0;
    const admin = {
      async fetchTopicMetadata() {
        const answer = answers[Math.min(calls++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return { topics: [{ name: 't', partitions: answer.map((p, partitionId) => ({ partitionId, replicas: [], isr: [], ...p })) }] };
      },
    } as unknown as Admin;
    return { admin, calls: () => calls };
  };
  // What a KRaft broker answers for a topic its controller has just created (kafkajs's KafkaJSProtocolError, code 3).
  const unknownTopic = () =>
    Object.assign(new Error('This server does not host this topic-partition'), {
      type: 'UNKNOWN_TOPIC_OR_PARTITION',
      code: 3,
      retriable: true,
    });

  it('waits out a new topic the broker does not know yet, then partitions without a leader', async () => {
    const { admin, calls } = adminAnswering([unknownTopic(), [{ leader: -1 }, { leader: 2 }], [{ leader: 1 }, { leader: 2 }]]);
    await leadersElected(admin, 't');
    assert.equal(calls(), 3);
  });

  it('throws an error that is not retriable at once', async () => {
    const denied = Object.assign(new Error('Not authorized'), { type: 'TOPIC_AUTHORIZATION_FAILED', code: 29, retriable: false });
    const { admin, calls } = adminAnswering([denied]);
    await assert.rejects(leadersElected(admin, 't'), /Not authorized/);
    assert.equal(calls(), 1);
  });
});
