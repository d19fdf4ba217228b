/**
 * `npm run bench -- erasure`: the erasure of a student with BENCH_ERASURE_CONVERSATIONS (500)
 * conversations, each reserved, started, marked, with a chat of four lines, a rating with a comment
 * and a speaker's note, among other students' conversations (BENCH_ERASURE_OTHERS, 2,000). Times the
 * erasure job as the queue runs it (keys destroyed, files deleted, PersonErased, then every read
 * model that reads a personal field rebuilt, one recorded operation after another) and, alone, a
 * second rebuild of those read models (the job's retry after the keys went).
 */
import crypto from 'node:crypto';
import { allProjectors } from '../../projections';
import { personalReadModels } from '../../services/app/erasure';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import type { NewEvent } from '../../services/eventstore/port';
import { startTestApp } from '../../tests/support/app';
import { heldLessonEvents } from '../../tests/support/payrollMonth';
import { createSpeaker, createStudent } from '../../tests/support/scheduling';
import { Table } from './lib';

const CONVERSATIONS = Number(process.env.BENCH_ERASURE_CONVERSATIONS ?? 500);
const OTHERS = Number(process.env.BENCH_ERASURE_OTHERS ?? 2000);
const SPEAKERS = 10;

const meta = (at: string) => ({ actorId: null, correlationId: crypto.randomUUID(), causationId: null, occurredAt: at, schemaVersion: 1 });

/** The events of one conversation with everything personal a conversation holds, as streams. */
function conversation(n: number, studentId: string, speakerId: string): { stream: string; events: NewEvent[] }[] {
  const conversationId = crypto.randomUUID();
  const start = new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
  const ev = (type: string, data: unknown): NewEvent => ({ type, data, metadata: meta(start) });
  const line = (index: number, ownerId: string) =>
    ev('ChatMessagePosted', {
      conversationId,
      messageId: `${conversationId}-${index}`,
      index,
      ownerId,
      body: `línea ${index} de ${n}`,
      at: start,
    });
  return [
    {
      stream: `conversation-${conversationId}`,
      events: [
        ...heldLessonEvents({ conversationId, speakerId, studentId, start, marked: true }).map((e) => ev(e.type, e.data)),
        ev('ConversationRated', { conversationId, ratedBy: studentId, role: 'student', rating: 5, comment: `muy buena, la ${n}` }),
      ],
    },
    {
      stream: `chat-${conversationId}`,
      events: [
        ev('ChatOpened', { conversationId, chatId: conversationId, openedBy: studentId, at: start }),
        line(0, studentId),
        line(1, speakerId),
        line(2, studentId),
        line(3, speakerId),
      ],
    },
    {
      stream: `notes-${conversationId}`,
      events: [
        ev('LearningNoteAdded', {
          conversationId,
          noteId: `${conversationId}-n`,
          studentId,
          writtenBy: speakerId,
          at: start,
          kind: 'vocabulary',
          text: `palabra ${n}`,
          detail: null,
          why: null,
        }),
      ],
    },
  ];
}

async function main() {
  const app = await startTestApp({ rateLimits: false, logLevel: 'silent' }, 'bench_erasure');
  try {
    const speakers = await Promise.all(Array.from({ length: SPEAKERS }, () => createSpeaker(app)));
    const person = await createStudent(app, 0);
    const others = await Promise.all(Array.from({ length: 4 }, () => createStudent(app, 0)));
    const streams = [
      ...Array.from({ length: CONVERSATIONS }, (_, n) => conversation(n, person.accountId, speakers[n % SPEAKERS].accountId)),
      ...Array.from({ length: OTHERS }, (_, n) => conversation(n, others[n % others.length].accountId, speakers[n % SPEAKERS].accountId)),
    ];
    for (let i = 0; i < streams.length; i += 50) {
      await app.runtime.store.appendToStreams(
        streams.slice(i, i + 50).flatMap((c) => c.map((s) => ({ stream: s.stream, expected: 'no_stream' as const, events: s.events }))),
      );
    }
    const head = await app.runtime.store.headCheckpoint();
    const events = await app.runtime.store.countEvents?.();
    const caughtUp = await app.runtime.runner.waitFor(
      head ?? undefined,
      allProjectors.filter((p) => !p.fromHead).map((p) => p.name),
      60_000,
    );
    if (!caughtUp) throw new Error('the read models did not catch up');

    await app.runtime.erasure.request({ actor: SYSTEM_ACTOR }, { personId: person.accountId });
    const state = await app.runtime.erasure.state(person.accountId);
    if (state.status !== 'pending') throw new Error('the erasure was not asked for');
    const job = { erasureId: state.erasureId, personId: person.accountId };
    const due = new Date(Date.parse(state.eraseAfter) + 1000);
    const started = performance.now();
    await app.runtime.erasure.run(job, due);
    const whole = performance.now() - started;
    const again = performance.now();
    await app.runtime.erasure.run(job, due);
    const rebuild = performance.now() - again;

    const rebuilt = personalReadModels(allProjectors).map((p) => p.name);
    const table = new Table(['erasure of a student', 'value']);
    table.add('their conversations (each: 4 conversation, 5 chat, 1 note events)', CONVERSATIONS.toLocaleString('en-US'));
    table.add("other students' conversations", OTHERS.toLocaleString('en-US'));
    table.add('events in the log', (events ?? 0).toLocaleString('en-US'));
    table.add('read models rebuilt (listed below)', rebuilt.length);
    table.add('erasure job, whole (keys, files, PersonErased, rebuilds)', `${(whole / 1000).toFixed(2)} s`);
    table.add('of which the rebuilds (measured again alone)', `${(rebuild / 1000).toFixed(2)} s`);
    table.add('the rest (keys, files, mailbox, PersonErased)', `${(Math.max(0, whole - rebuild) / 1000).toFixed(2)} s`);
    table.print();
    console.log(`\nrebuilt: ${rebuilt.join(', ')}`);
  } finally {
    await app.close();
  }
}

await main();
