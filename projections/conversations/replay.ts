/**
 * The conversations read model's replay (a rebuild into empty tables): every conversation, rating
 * and participant event is kept in memory as the batches would leave its row, and the tables are
 * written once at the end by COPY. A batch costs an UPDATE per event; a year of lessons is about
 * four events a conversation. Each event changes the row exactly as index.ts's statement does,
 * including what that statement ignores (a second reservation, a change to a conversation never
 * reserved, a second rating by the same person). Memory: about 1 KB a conversation.
 * tests/integration/replays.test.ts compares it with the batches.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Replay } from '../../services/feed/projector';
import { bulkInto, copyRows } from '../../services/feed/bulk';

/** The conversations table's columns, in the order a row below holds them. */
const COLUMNS = [
  'id',
  'kind',
  'provider',
  'status',
  'reserved_by',
  'reserved_with',
  'reserved_start',
  'reserved_end',
  'duration',
  'learning_language',
  'course_id',
  'lesson_id',
  'minutes',
  'is_canceled',
  'canceled_on',
  'canceled_by',
  'cancel_reason',
  'transferred_on',
  'marked_as',
  'marked_on',
  'opened_on',
  'started_on',
  'stops_on',
  'stopped_on',
  'created_at',
  'updated_at',
  'marked_by',
  'refunded_minutes',
  'make_up_purchased_on',
  'archive_on_start',
] as const;
type Column = (typeof COLUMNS)[number];
type Row = Record<Column, unknown>;

/** What `refunded_minutes + $n` accepts: an integer (a number or its text). */
function minutesOf(value: unknown, event: StoredEvent): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new Error(`conversations replay: ${event.type} at ${event.position} gives minutes ${String(value)}`);
  return n;
}

export function conversationsReplay(): Replay {
  const conversations = new Map<string, Row>();
  const ratings = new Map<string, unknown[]>();
  const participantEvents = new Map<string, unknown[]>();
  const change = (id: string, values: Partial<Row>) => {
    const row = conversations.get(id);
    if (row) Object.assign(row, values);
  };
  return {
    async add(events: StoredEvent[]) {
      for (const e of events) {
        const d = e.data as Record<string, any>;
        const at = e.metadata.occurredAt;
        const id = d.conversationId as string;
        switch (e.type) {
          case 'ConversationReserved':
            if (conversations.has(id)) break;
            conversations.set(id, {
              id,
              kind: d.kind,
              provider: d.provider,
              status: 'reserved',
              reserved_by: d.reservedBy,
              reserved_with: d.reservedWith,
              reserved_start: d.reservedStart,
              reserved_end: d.reservedEnd,
              duration: d.duration,
              learning_language: d.learningLanguage,
              course_id: d.courseId,
              lesson_id: d.lessonId,
              minutes: d.minutes,
              is_canceled: false,
              canceled_on: null,
              canceled_by: null,
              cancel_reason: null,
              transferred_on: null,
              marked_as: null,
              marked_on: null,
              opened_on: null,
              started_on: null,
              stops_on: null,
              stopped_on: null,
              created_at: at,
              updated_at: at,
              marked_by: null,
              refunded_minutes: 0,
              make_up_purchased_on: null,
              archive_on_start: d.archiveOnStart === true,
            });
            break;
          case 'ConversationCanceled':
            change(id, { is_canceled: true, canceled_on: at, canceled_by: d.canceledBy, cancel_reason: d.reason, updated_at: at });
            break;
          case 'ConversationTransferred':
            change(id, { reserved_with: d.toSpeakerId, transferred_on: at, updated_at: at });
            break;
          case 'ConversationLessonChanged':
            change(id, { lesson_id: d.toLessonId, updated_at: at });
            break;
          case 'ConversationOpened':
            change(id, { status: 'opened', opened_on: d.at, updated_at: d.at });
            break;
          case 'ParticipantConnected':
          case 'ParticipantDisconnected': {
            const key = `${id}\u0000${d.accountId}\u0000${d.sequence}`;
            if (!participantEvents.has(key)) {
              participantEvents.set(key, [
                id,
                d.accountId,
                d.sequence,
                e.type === 'ParticipantConnected' ? 'connected' : 'disconnected',
                d.at,
              ]);
            }
            break;
          }
          case 'ConversationStarted':
            change(id, { status: 'started', started_on: d.at, stops_on: d.stopsAt, updated_at: d.at });
            break;
          case 'ConversationStopped':
            change(id, { status: d.reason === 'unused' ? 'unused' : 'stopped', stopped_on: d.at, updated_at: d.at });
            break;
          case 'ConversationMarked': {
            // The statement's parameter is refused even when no row matches: so here too.
            const refunded = minutesOf(d.refundedMinutes + d.bonusMinutes, e);
            const row = conversations.get(id);
            if (!row) break;
            Object.assign(row, {
              marked_as: d.markedAs,
              marked_on: at,
              marked_by: d.markedBy,
              refunded_minutes: (row.refunded_minutes as number) + refunded,
              updated_at: at,
            });
            break;
          }
          case 'FairTimeCredited': {
            const minutes = minutesOf(d.minutes, e);
            const row = conversations.get(id);
            if (!row) break;
            Object.assign(row, { refunded_minutes: (row.refunded_minutes as number) + minutes, updated_at: at });
            break;
          }
          case 'MakeUpPurchasedFor':
            change(id, { make_up_purchased_on: at, updated_at: at });
            break;
          case 'ConversationRated': {
            const row = conversations.get(id);
            const key = `${id}\u0000${d.ratedBy}`;
            if (row && !ratings.has(key)) ratings.set(key, [id, d.ratedBy, d.role, d.rating, d.comment, row.reserved_with, at]);
            break;
          }
        }
      }
    },
    async finish(db: pg.PoolClient) {
      await bulkInto(db, 'conversations', () =>
        copyRows(
          db,
          `conversations (${COLUMNS.join(', ')})`,
          (function* () {
            for (const row of conversations.values()) yield COLUMNS.map((c) => row[c]);
          })(),
        ),
      );
      await bulkInto(db, 'conversation_ratings', () =>
        copyRows(db, 'conversation_ratings (conversation_id, rated_by, role, rating, comment, speaker_id, rated_on)', ratings.values()),
      );
      await bulkInto(db, 'participant_events', () =>
        copyRows(db, 'participant_events (conversation_id, account_id, sequence, kind, at)', participantEvents.values()),
      );
    },
  };
}
