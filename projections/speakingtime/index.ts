/**
 * Speaking time (issue 35): each participant's seconds spoken per conversation, the total their
 * latest report carried (the log's position decides which is the latest, so a replay gives the same
 * rows). Read with the conversation's held time on its page and summed per student in the class view.
 */
import type pg from 'pg';
import type { SpeakingTimeReported } from '../../services/domain/conversations/speakingTime';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const speakingTimeProjector: Projector = {
  name: 'speakingtime',
  version: 1,
  handles: ['SpeakingTimeReported'],
  schema: `
    CREATE TABLE speaking_times (
      conversation_id text NOT NULL, participant_id text NOT NULL, spoken_ms bigint NOT NULL, position bigint NOT NULL,
      PRIMARY KEY (conversation_id, participant_id));
    CREATE INDEX speaking_times_participant ON speaking_times (participant_id);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const latest = new Map<string, { data: SpeakingTimeReported['data']; position: string }>();
    for (const e of events) {
      if (e.type !== 'SpeakingTimeReported') continue;
      const data = e.data as SpeakingTimeReported['data'];
      latest.set(`${data.conversationId} ${data.participantId}`, { data, position: e.position });
    }
    if (!latest.size) return;
    const rows = [...latest.values()];
    await db.query(
      `INSERT INTO speaking_times (conversation_id, participant_id, spoken_ms, position)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[])
       ON CONFLICT (conversation_id, participant_id) DO UPDATE SET spoken_ms = EXCLUDED.spoken_ms, position = EXCLUDED.position
         WHERE speaking_times.position < EXCLUDED.position`,
      [
        rows.map((r) => r.data.conversationId),
        rows.map((r) => r.data.participantId),
        rows.map((r) => r.data.totalMs),
        rows.map((r) => r.position),
      ],
    );
  },
};

type Db = { query: pg.Pool['query'] };

/** Milliseconds each participant of a conversation spoke, by account id (absent: nothing reported). */
export async function speakingTimesOf(db: Db, conversationId: string): Promise<Map<string, number>> {
  const { rows } = await db.query('SELECT participant_id, spoken_ms FROM rm_speakingtime.speaking_times WHERE conversation_id = $1', [
    conversationId,
  ]);
  return new Map(rows.map((r) => [r.participant_id as string, Number(r.spoken_ms)]));
}
