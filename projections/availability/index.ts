/**
 * Availability read model: each speaker's rules (one-off or weekly, wall-clock times in a zone).
 * Occurrences and openings are computed from the rules in ./queries.ts.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import type { AvailabilityRule } from '../../services/domain/scheduling/events';

export const availabilityProjector: Projector = {
  name: 'availability',
  version: 1,
  handles: ['AvailabilityAdded', 'AvailabilityChanged', 'AvailabilityRemoved'],
  schema: `
    CREATE TABLE rules (
      availability_id text PRIMARY KEY, speaker_id text NOT NULL, zone_name text NOT NULL, local_date date NOT NULL,
      start_time text NOT NULL, end_time text NOT NULL, repeats_weekly boolean NOT NULL, updated_at timestamptz NOT NULL);
    CREATE INDEX rules_speaker ON rules (speaker_id);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    for (const e of events) {
      const at = e.metadata.occurredAt;
      if (e.type === 'AvailabilityAdded') {
        const r = e.data as AvailabilityRule;
        await db.query(`INSERT INTO rules VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (availability_id) DO NOTHING`, [
          r.availabilityId,
          r.speakerId,
          r.zoneName,
          r.localDate,
          r.startTime,
          r.endTime,
          r.repeatsWeekly,
          at,
        ]);
      } else if (e.type === 'AvailabilityChanged') {
        await db.query(
          `UPDATE rules SET zone_name = $2, local_date = $3, start_time = $4, end_time = $5, updated_at = $6 WHERE availability_id = $1`,
          [e.data.availabilityId, e.data.zoneName, e.data.localDate, e.data.startTime, e.data.endTime, at],
        );
      } else if (e.type === 'AvailabilityRemoved') {
        await db.query('DELETE FROM rules WHERE availability_id = $1', [e.data.availabilityId]);
      }
    }
  },
};

const toRule = (r: any): AvailabilityRule => ({
  availabilityId: r.availability_id,
  speakerId: r.speaker_id,
  zoneName: r.zone_name,
  localDate: r.local_date,
  startTime: r.start_time,
  endTime: r.end_time,
  repeatsWeekly: r.repeats_weekly,
});

export async function rulesOf(db: { query: pg.Pool['query'] }, speakerIds: string[]): Promise<AvailabilityRule[]> {
  const { rows } = await db.query('SELECT * FROM rm_availability.rules WHERE speaker_id = ANY($1) ORDER BY local_date, start_time', [
    speakerIds,
  ]);
  return rows.map(toRule);
}

export async function ruleById(db: { query: pg.Pool['query'] }, availabilityId: string): Promise<AvailabilityRule | null> {
  const { rows } = await db.query('SELECT * FROM rm_availability.rules WHERE availability_id = $1', [availabilityId]);
  return rows[0] ? toRule(rows[0]) : null;
}
