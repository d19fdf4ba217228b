/** Redemption codes read model: sets and their codes, who redeemed each and when. */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const codesProjector: Projector = {
  name: 'codes',
  version: 1,
  handles: ['RedemptionSetCreated', 'RedemptionCodeIssued', 'RedemptionCodeRedeemed'],
  schema: `
    CREATE TABLE redemption_sets (
      id text PRIMARY KEY, name text NOT NULL, fill_limit int NOT NULL, duration int NOT NULL, quantity int NOT NULL,
      minute_quantity int NOT NULL, created_by text, created_at timestamptz NOT NULL, last_filled_on timestamptz);
    CREATE TABLE redemption_codes (
      id text PRIMARY KEY, value text NOT NULL, code text NOT NULL, value_version text NOT NULL, redemption_set_id text NOT NULL,
      minute_quantity int NOT NULL, created_at timestamptz NOT NULL, redeemed_by text, redeemed_on timestamptz, course_id text);
    CREATE UNIQUE INDEX redemption_codes_value ON redemption_codes (value);
    CREATE INDEX redemption_codes_code ON redemption_codes (code);
    CREATE INDEX redemption_codes_redeemed ON redemption_codes (redeemed_on);
    CREATE INDEX redemption_codes_set ON redemption_codes (redemption_set_id);
    CREATE INDEX redemption_codes_created ON redemption_codes (created_at DESC, id);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    // A set arrives with all its codes in one batch: insert the codes set-based.
    const issued = events.filter((e) => e.type === 'RedemptionCodeIssued');
    for (const e of events) {
      if (e.type === 'RedemptionSetCreated') {
        const d = e.data;
        await db.query(
          `INSERT INTO redemption_sets (id, name, fill_limit, duration, quantity, minute_quantity, created_by, created_at, last_filled_on)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
          [d.redemptionSetId, d.name, d.fillLimit, d.duration, d.quantity, d.minuteQuantity, d.createdBy, e.metadata.occurredAt],
        );
      }
    }
    if (issued.length) {
      await db.query(
        `INSERT INTO redemption_codes (id, value, code, value_version, redemption_set_id, minute_quantity, created_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::timestamptz[]) ON CONFLICT (id) DO NOTHING`,
        [
          issued.map((e) => e.data.redemptionCodeId),
          issued.map((e) => e.data.value),
          issued.map((e) => String(e.data.value).replace(/^v\d+/, '')),
          issued.map((e) => e.data.valueVersion),
          issued.map((e) => e.data.redemptionSetId),
          issued.map((e) => e.data.minuteQuantity),
          issued.map((e) => e.metadata.occurredAt),
        ],
      );
    }
    for (const e of events) {
      if (e.type === 'RedemptionCodeRedeemed') {
        await db.query('UPDATE redemption_codes SET redeemed_by = $2, redeemed_on = $3, course_id = $4 WHERE id = $1', [
          e.data.redemptionCodeId,
          e.data.accountId,
          e.metadata.occurredAt,
          e.data.courseId,
        ]);
      }
    }
  },
};

export interface RedemptionCodeRow {
  id: string;
  value: string;
  valueVersion: string;
  redemptionSetId: string;
  minuteQuantity: number;
  createdAt: Date;
  redeemedBy: string | null;
  redeemedOn: Date | null;
  courseId: string | null;
}

export const toCode = (r: any): RedemptionCodeRow => ({
  id: r.id,
  value: r.value,
  valueVersion: r.value_version,
  redemptionSetId: r.redemption_set_id,
  minuteQuantity: r.minute_quantity,
  createdAt: r.created_at,
  redeemedBy: r.redeemed_by,
  redeemedOn: r.redeemed_on,
  courseId: r.course_id,
});

const toSet = (r: any) => ({
  id: r.id as string,
  name: r.name as string,
  fillLimit: r.fill_limit as number,
  duration: r.duration as number,
  quantity: r.quantity as number,
  minuteQuantity: r.minute_quantity as number,
  createdBy: r.created_by as string | null,
  createdAt: r.created_at as Date,
  lastFilledOn: r.last_filled_on as Date | null,
});
export type RedemptionSetRow = ReturnType<typeof toSet>;

export async function findRedemptionSet(pool: pg.Pool, id: string): Promise<RedemptionSetRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_codes.redemption_sets WHERE id = $1', [id]);
  return rows[0] ? toSet(rows[0]) : null;
}

export async function codesOfSet(pool: pg.Pool, setId: string): Promise<RedemptionCodeRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_codes.redemption_codes WHERE redemption_set_id = $1 ORDER BY value', [setId]);
  return rows.map(toCode);
}

export async function findRedemptionCode(pool: pg.Pool, id: string): Promise<RedemptionCodeRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_codes.redemption_codes WHERE id = $1', [id]);
  return rows[0] ? toCode(rows[0]) : null;
}

/** A code by its value as shown (normalised, without its version prefix), with its set's duration and quantity. */
export async function findRedemptionCodeWorth(pool: pg.Pool, shownValue: string) {
  const { rows } = await pool.query(
    `SELECT c.code, c.minute_quantity, c.redeemed_on, s.duration, s.quantity
       FROM rm_codes.redemption_codes c JOIN rm_codes.redemption_sets s ON s.id = c.redemption_set_id
      WHERE c.code = $1 ORDER BY c.created_at LIMIT 1`,
    [shownValue],
  );
  const r = rows[0];
  return r
    ? {
        value: r.code as string,
        minuteQuantity: r.minute_quantity as number,
        duration: r.duration as number,
        quantity: r.quantity as number,
        redeemed: !!r.redeemed_on,
      }
    : null;
}
