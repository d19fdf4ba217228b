/**
 * A read model's replay (what a rebuild uses, Projector.replay) leaves exactly the tables its
 * batches leave. Random histories of every event the read model handles, including what its
 * statements ignore (a second reservation, changes to a conversation never reserved, a second
 * rating), appended in random chunks so that batches split anywhere; then `verify` rebuilds it by
 * replay and compares every table with the live one. A replay that throws falls back to batches in
 * a real rebuild, which would hide it: here any error fails.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import type { NewEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import { ProjectionRunner } from '../../services/feed/runner';
import { conversationsProjector } from '../../projections/conversations';
import { minutesProjector } from '../../projections/minutes';
import { startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { appendInChunks } from '../support/events';

let app: TestApp;
beforeAll(async () => (app = await startTestApp({}, 'replays')));
afterAll(async () => app?.close());

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Events of every type the conversations read model handles, on a few conversations (one never reserved). */
function conversationHistory(seed: number) {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const ids = Array.from({ length: 8 }, (_, i) => `replay${seed}-c${i}`);
  const people = ['replay-a', 'replay-b', 'replay-c'];
  const time = () => new Date(Date.parse('2026-05-01T10:00:00Z') + Math.floor(rnd() * 4) * 15 * 60_000).toISOString();
  // Text a COPY must escape.
  const text = () => pick(['student', 'a\ttab', 'two\nlines', 'back\\slash', 'r\rn', null]);
  const steps: Record<string, () => unknown> = {
    ConversationReserved: () => {
      const start = time();
      return {
        conversationId: pick(ids.slice(0, 7)),
        kind: pick(['lesson', 'interview']),
        provider: 'local',
        reservedBy: pick(people),
        reservedWith: pick(people),
        reservedStart: start,
        reservedEnd: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        duration: 30,
        learningLanguage: 'es',
        courseId: pick([null, 'course-1']),
        lessonId: pick([null, 'lesson-1']),
        minutes: pick([15, 30]),
        ...(rnd() < 0.3 ? { archiveOnStart: true } : {}),
      };
    },
    ConversationCanceled: () => ({ conversationId: pick(ids), canceledBy: pick([null, 'replay-a']), reason: text(), minutesReturned: 30 }),
    ConversationTransferred: () => ({
      conversationId: pick(ids),
      fromSpeakerId: 'replay-b',
      toSpeakerId: pick(people),
      transferredBy: null,
    }),
    ConversationLessonChanged: () => ({ conversationId: pick(ids), toLessonId: pick(['lesson-2', null]) }),
    ConversationOpened: () => ({ conversationId: pick(ids), openedBy: 'replay-b', at: time() }),
    ParticipantConnected: () => ({ conversationId: pick(ids), accountId: pick(people), sequence: Math.floor(rnd() * 3), at: time() }),
    ParticipantDisconnected: () => ({
      conversationId: pick(ids),
      accountId: pick(people),
      sequence: Math.floor(rnd() * 3),
      at: time(),
      reason: 'left',
    }),
    ConversationStarted: () => ({ conversationId: pick(ids), at: time(), stopsAt: time() }),
    ConversationStopped: () => ({ conversationId: pick(ids), at: time(), reason: pick(['time_up', 'unused', 'stopped']) }),
    ConversationMarked: () => ({
      conversationId: pick(ids),
      markedAs: pick(['completed', 'missed']),
      previous: null,
      markedBy: pick([null, 'replay-b']),
      refundedMinutes: pick([0, 30]),
      bonusMinutes: pick([0, 15]),
      promotion: null,
    }),
    FairTimeCredited: () => ({ conversationId: pick(ids), studentId: 'replay-a', minutes: 1 + Math.floor(rnd() * 5), lostSeconds: 90 }),
    MakeUpPurchasedFor: () => ({ conversationId: pick(ids), paymentId: 'p', minuteQuantity: 30, amount: 500 }),
    ConversationRated: () => ({
      conversationId: pick(ids),
      ratedBy: pick(people),
      role: pick(['student', 'speaker']),
      rating: 1 + Math.floor(rnd() * 5),
      comment: text(),
    }),
  };
  assert.deepEqual(Object.keys(steps).sort(), [...conversationsProjector.handles].sort(), 'every handled type is generated');
  const types = Object.keys(steps);
  return Array.from({ length: 160 }, (_, i) => {
    // Reservations first more often, so most changes find their conversation.
    const type = i < 10 || rnd() < 0.15 ? 'ConversationReserved' : pick(types);
    const data = steps[type]() as { conversationId: string };
    const event: NewEvent = {
      type,
      data,
      metadata: { actorId: null, correlationId: 'c', causationId: null, occurredAt: time(), schemaVersion: 1 },
    };
    return { stream: `conversation-${data.conversationId}`, event };
  });
}

/** Rebuilds `projector` by its replay beside the live read model and compares them: any replay error fails (a real rebuild would fall back to batches). */
async function assertReplayMatches(projector: Projector) {
  const errors: unknown[] = [];
  const runner = new ProjectionRunner(app.runtime.pool, app.runtime.store, [projector], {
    onError: (_name, error) => errors.push(error),
  });
  const verified = await runner.verify(projector.name);
  assert.deepEqual(errors, [], 'the replay ran to the end');
  assert.deepEqual(verified.differences, []);
}

/** Appends `out` in chunks of 1-20 events, so that batches split anywhere. */
async function appendInRandomChunks(out: { stream: string; event: NewEvent }[], seed: number) {
  const rnd = random(seed + 100);
  await appendInChunks(app.runtime.store, out, () => 1 + Math.floor(rnd() * 20));
}

it('the conversations replay leaves the tables its batches leave, whatever the history', async () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    await appendInRandomChunks(conversationHistory(seed), seed);
  }
  await readModelsCaughtUp(app, ['conversations']);
  const { rows } = await app.runtime.pool.query(
    `SELECT (SELECT count(*) FROM rm_conversations.conversations WHERE id LIKE 'replay%' AND marked_as IS NOT NULL AND refunded_minutes > 0)::int AS refunded,
            (SELECT count(*) FROM rm_conversations.conversation_ratings WHERE conversation_id LIKE 'replay%')::int AS ratings,
            (SELECT count(*) FROM rm_conversations.participant_events WHERE conversation_id LIKE 'replay%')::int AS participants`,
  );
  assert.ok(
    rows[0].refunded > 0 && rows[0].ratings > 0 && rows[0].participants > 0,
    `the histories reach every table: ${JSON.stringify(rows[0])}`,
  );
  await assertReplayMatches(conversationsProjector);
});

/** Ledger lines on a few accounts, with ids that come again (left out by the batches) and text a COPY must escape. */
function minutesHistory(seed: number) {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const accounts = Array.from({ length: 5 }, (_, i) => `replay${seed}-m${i}`);
  const ids: string[] = [];
  return Array.from({ length: 120 }, (_, i) => {
    const accountId = pick(accounts);
    const again = ids.length > 0 && rnd() < 0.1;
    const transactionId = again ? pick(ids) : `replay${seed}-t${i}`;
    if (!again) ids.push(transactionId);
    const event: NewEvent = {
      type: 'MinutesChanged',
      data: {
        transactionId,
        accountId,
        minuteQuantity: pick([-30, -15, 15, 60]),
        action: pick(['enrollment', 'reservation', 'refund']),
        actionReason: pick([null, 'a\ttab', 'two\nlines', 'back\\slash', 'plain']),
        balanceAfter: Math.floor(rnd() * 500),
      },
      metadata: {
        actorId: pick([null, 'replay-admin']),
        correlationId: 'c',
        causationId: null,
        occurredAt: new Date(Date.parse('2026-05-01T10:00:00Z') + i * 60_000).toISOString(),
        schemaVersion: 1,
      },
    };
    return { stream: `minutes-${accountId}`, event };
  });
}

it('the minutes replay leaves the tables its batches leave: a repeated line left out, the last balance kept', async () => {
  for (const seed of [11, 12, 13]) {
    await appendInRandomChunks(minutesHistory(seed), seed);
  }
  await readModelsCaughtUp(app, ['minutes']);
  const { rows } = await app.runtime.pool.query(
    `SELECT count(*)::int AS lines, count(DISTINCT account_id)::int AS accounts FROM rm_minutes.minute_transactions WHERE id LIKE 'replay%'`,
  );
  assert.ok(rows[0].lines > 0 && rows[0].lines < 360 && rows[0].accounts === 15, `repeated ids were sent: ${JSON.stringify(rows[0])}`);
  await assertReplayMatches(minutesProjector);
});
