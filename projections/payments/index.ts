/** Payments read model: each card payment with its amount, minutes and receipt link. */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

export const paymentsProjector: Projector = {
  name: 'payments',
  version: 1,
  handles: ['PaymentSucceeded', 'PaymentReversed', 'PaymentRefunded'],
  schema: `
    CREATE TABLE payments (
      id text PRIMARY KEY, account_id text NOT NULL, amount int NOT NULL, currency text NOT NULL, minute_quantity int NOT NULL,
      receipt_url text, gateway text NOT NULL, purpose text NOT NULL, course_id text, enrollment_id text, card_brand text,
      card_last4 text, status text NOT NULL, amount_refunded int NOT NULL DEFAULT 0, created_at timestamptz NOT NULL);
    CREATE INDEX payments_account ON payments (account_id, created_at DESC);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case 'PaymentSucceeded':
          await db.query(
            `INSERT INTO payments (id, account_id, amount, currency, minute_quantity, receipt_url, gateway, purpose, course_id, enrollment_id,
               card_brand, card_last4, status, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'paid', $13) ON CONFLICT (id) DO NOTHING`,
            [
              d.paymentId,
              d.accountId,
              d.amount,
              d.currency,
              d.minuteQuantity,
              d.receiptUrl,
              d.gateway,
              d.purpose,
              d.courseId,
              d.enrollmentId,
              d.cardBrand,
              d.cardLast4,
              e.metadata.occurredAt,
            ],
          );
          break;
        case 'PaymentReversed':
          // Reversed charges bought nothing: kept for the audit trail, never listed as paid.
          await db.query(
            `INSERT INTO payments (id, account_id, amount, currency, minute_quantity, gateway, purpose, status, amount_refunded, created_at)
             VALUES ($1, $2, $3, $4, 0, 'unknown', 'enrollment', 'reversed', $3, $5) ON CONFLICT (id) DO NOTHING`,
            [d.paymentId, d.accountId, d.amount, d.currency, e.metadata.occurredAt],
          );
          break;
        case 'PaymentRefunded':
          await db.query(
            `UPDATE payments SET amount_refunded = $2, status = CASE WHEN $2 >= amount THEN 'refunded' ELSE status END WHERE id = $1`,
            [d.paymentId, d.amountRefunded],
          );
          break;
      }
    }
  },
};

export interface PaymentRow {
  id: string;
  accountId: string;
  amount: number;
  currency: string;
  minutes: number;
  receiptUrl: string | null;
  status: string;
  courseId: string | null;
  enrollmentId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  createdAt: Date;
}

const toPayment = (r: any): PaymentRow => ({
  id: r.id,
  accountId: r.account_id,
  amount: r.amount,
  currency: r.currency,
  minutes: r.minute_quantity,
  receiptUrl: r.receipt_url,
  status: r.status,
  courseId: r.course_id,
  enrollmentId: r.enrollment_id,
  cardBrand: r.card_brand,
  cardLast4: r.card_last4,
  createdAt: r.created_at,
});

/** Paid payments of an account, newest first (reversed and fully refunded ones left out). */
export async function paidPayments(pool: pg.Pool, accountId: string): Promise<PaymentRow[]> {
  const { rows } = await pool.query(
    `SELECT * FROM rm_payments.payments WHERE account_id = $1 AND status = 'paid' ORDER BY created_at DESC, id`,
    [accountId],
  );
  return rows.map(toPayment);
}

export async function findPayment(pool: pg.Pool, id: string): Promise<PaymentRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_payments.payments WHERE id = $1', [id]);
  return rows[0] ? toPayment(rows[0]) : null;
}
