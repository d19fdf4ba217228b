/**
 * The local payment gateway (embedded default): behaves like Stripe's test mode for the card
 * numbers Stripe documents (https://docs.stripe.com/testing). The browser posts the card to the
 * gateway's own endpoint (/payments/local/v1/tokens), never to the API, and gets a single-use token;
 * only the token reaches the API. Charges honour idempotency keys (same key, same result, one
 * charge). Each charge has a receipt page at /payments/local/v1/receipts/<id>. Card numbers are
 * never stored: a token keeps the brand, the last four digits and the test behaviour.
 */
import crypto from 'node:crypto';
import express from 'express';
import type pg from 'pg';
import { cardBrand, validateCard, type CardError, type CardInput } from '../../../contracts/cards';
import { formatMoney } from '../../../contracts/money';
import { migrate, type Migration } from '../../db/migrate';
import { inTransaction } from '../../db/pool';
import {
  CardDeclineMessages,
  PaymentGatewayError,
  PaymentMethodMessages,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type PaymentMethodCheck,
} from './port';
import { LIMITS, type RateLimiter } from '../../security/rateLimit';

export const LOCAL_GATEWAY_PATH = '/payments/local/v1';

type Behaviour = { kind: 'succeed' } | { kind: 'decline'; code: string; message: string };

const DECLINED = CardDeclineMessages.declined;
/** Stripe's test cards and what a charge with each does (code: decline_code, else error code). */
const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': { kind: 'succeed' },
  '4000056655665556': { kind: 'succeed' },
  '5555555555554444': { kind: 'succeed' },
  '2223003122003222': { kind: 'succeed' },
  '5200828282828210': { kind: 'succeed' },
  '5105105105105100': { kind: 'succeed' },
  '378282246310005': { kind: 'succeed' },
  '371449635398431': { kind: 'succeed' },
  '6011111111111117': { kind: 'succeed' },
  '3056930009020004': { kind: 'succeed' },
  '36227206271667': { kind: 'succeed' },
  '3566002020360505': { kind: 'succeed' },
  '6200000000000005': { kind: 'succeed' },
  '4000000000000002': { kind: 'decline', code: 'generic_decline', message: DECLINED },
  '4000000000009995': { kind: 'decline', code: 'insufficient_funds', message: CardDeclineMessages.insufficient_funds },
  '4000000000009987': { kind: 'decline', code: 'lost_card', message: DECLINED },
  '4000000000009979': { kind: 'decline', code: 'stolen_card', message: DECLINED },
  '4000000000000069': { kind: 'decline', code: 'expired_card', message: CardDeclineMessages.expired_card },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc', message: CardDeclineMessages.incorrect_cvc },
  '4000000000000101': { kind: 'decline', code: 'incorrect_cvc', message: CardDeclineMessages.incorrect_cvc },
  '4000000000000119': {
    kind: 'decline',
    code: 'processing_error',
    message: CardDeclineMessages.processing_error,
  },
  '4000000000006975': {
    kind: 'decline',
    code: 'card_velocity_exceeded',
    message: CardDeclineMessages.card_velocity_exceeded,
  },
  '4100000000000019': { kind: 'decline', code: 'fraudulent', message: DECLINED },
};
const NOT_A_TEST_CARD: Behaviour = {
  kind: 'decline',
  code: 'card_declined',
  // Stripe adds that test mode takes only its test cards (the form's test-mode notice says so).
  message: DECLINED,
};

export const localGatewayMigrations: Migration[] = [
  {
    id: '001_tokens_and_charges',
    up: `CREATE TABLE local_gateway_tokens (
        id text PRIMARY KEY, brand text NOT NULL, last4 text NOT NULL, exp_month int NOT NULL, exp_year int NOT NULL,
        cardholder_name text NOT NULL, behaviour jsonb NOT NULL, used_by_key text, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE local_gateway_charges (
        id text PRIMARY KEY, idempotency_key text NOT NULL UNIQUE, request_hash text NOT NULL, token text NOT NULL,
        amount int NOT NULL, currency text NOT NULL, status text NOT NULL, code text, message text,
        brand text, last4 text, cardholder_name text, description text, metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(), refunded_at timestamptz, refund_id text);`,
    down: 'DROP TABLE local_gateway_charges; DROP TABLE local_gateway_tokens;',
  },
];

export async function migrateLocalGateway(pool: pg.Pool) {
  await migrate(pool, 'payments_local', localGatewayMigrations);
}

const randomId = (prefix: string) => `${prefix}_local_${crypto.randomBytes(12).toString('base64url')}`;
/** The shape of every token `tokenize` hands out: anything else was never ours. */
export const LOCAL_TOKEN_PATTERN = /^tok_local_[A-Za-z0-9_-]{16}$/;

export interface LocalGateway extends PaymentGateway {
  tokenize(card: CardInput): Promise<{ id: string; brand: string; last4: string } | { error: CardError }>;
  getCharge(id: string): Promise<any | null>;
  /** How many charges a key or a token made (tests: "charged once"). */
  chargeCount(filter?: { token?: string }): Promise<number>;
}

export function createLocalGateway(pool: pg.Pool, options: { publicUrl: string; now?: () => Date }): LocalGateway {
  const now = options.now ?? (() => new Date());
  const receiptUrl = (id: string) => `${options.publicUrl}${LOCAL_GATEWAY_PATH}/receipts/${id}`;
  const toResult = (row: any): ChargeResult =>
    row.status === 'succeeded'
      ? {
          status: 'succeeded',
          paymentId: row.id,
          amount: row.amount,
          currency: row.currency,
          receiptUrl: receiptUrl(row.id),
          cardBrand: row.brand,
          cardLast4: row.last4,
        }
      : { status: 'declined', code: row.code, message: row.message, paymentId: row.id };

  return {
    provider: 'local',

    async tokenize(card) {
      const error = validateCard(card, now());
      if (error) return { error };
      const number = String(card.number).replace(/[\s-]/g, '');
      const behaviour = TEST_CARDS[number] ?? NOT_A_TEST_CARD;
      const id = randomId('tok');
      const brand = cardBrand(number);
      const last4 = number.slice(-4);
      let year = Number(card.expYear);
      if (year < 100) year += 2000;
      await pool.query(
        `INSERT INTO local_gateway_tokens (id, brand, last4, exp_month, exp_year, cardholder_name, behaviour) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, brand, last4, Number(card.expMonth), year, String(card.name).trim(), JSON.stringify(behaviour)],
      );
      return { id, brand, last4 };
    },

    async checkPaymentMethod(paymentMethod: string): Promise<PaymentMethodCheck> {
      if (!LOCAL_TOKEN_PATTERN.test(paymentMethod))
        return { status: 'invalid', code: 'invalid_payment_method', message: PaymentMethodMessages.invalid };
      const { rows } = await pool.query('SELECT used_by_key FROM local_gateway_tokens WHERE id = $1', [paymentMethod]);
      if (!rows[0]) return { status: 'invalid', code: 'resource_missing', message: PaymentMethodMessages.unknown };
      if (rows[0].used_by_key) return { status: 'used', code: 'token_already_used', message: PaymentMethodMessages.used };
      return { status: 'usable' };
    },

    async charge(request: ChargeRequest) {
      if (!Number.isInteger(request.amount) || request.amount <= 0)
        throw new PaymentGatewayError('The amount must be a positive whole number of minor units.');
      // Not a token of ours (e.g. a NUL byte the database would refuse): refused before any charge.
      if (!LOCAL_TOKEN_PATTERN.test(request.paymentMethod)) {
        return { status: 'declined', code: 'invalid_payment_method', message: PaymentMethodMessages.invalid, paymentId: null };
      }
      const requestHash = crypto
        .createHash('sha256')
        .update(`${request.amount}:${request.currency}:${request.paymentMethod}`)
        .digest('hex');
      return inTransaction(pool, async (db) => {
        // One key, one charge: concurrent requests with the same key wait here for the first.
        await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7))', [request.idempotencyKey]);
        const existing = await db.query('SELECT * FROM local_gateway_charges WHERE idempotency_key = $1', [request.idempotencyKey]);
        if (existing.rows[0]) {
          if (existing.rows[0].request_hash !== requestHash) {
            throw new PaymentGatewayError(
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          }
          return toResult(existing.rows[0]);
        }
        const token = await db.query(`UPDATE local_gateway_tokens SET used_by_key = $2 WHERE id = $1 AND used_by_key IS NULL RETURNING *`, [
          request.paymentMethod,
          request.idempotencyKey,
        ]);
        const id = randomId('ch');
        let status = 'succeeded';
        let code: string | null = null;
        let message: string | null = null;
        const tok = token.rows[0];
        if (!tok) {
          const known = await db.query('SELECT 1 FROM local_gateway_tokens WHERE id = $1', [request.paymentMethod]);
          status = 'declined';
          code = known.rows.length ? 'token_already_used' : 'resource_missing';
          message = known.rows.length ? PaymentMethodMessages.used : PaymentMethodMessages.unknown;
        } else if (tok.behaviour.kind === 'decline') {
          status = 'declined';
          code = tok.behaviour.code;
          message = tok.behaviour.message;
        }
        const { rows } = await db.query(
          `INSERT INTO local_gateway_charges (id, idempotency_key, request_hash, token, amount, currency, status, code, message, brand, last4,
             cardholder_name, description, metadata)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
          [
            id,
            request.idempotencyKey,
            requestHash,
            request.paymentMethod,
            request.amount,
            request.currency,
            status,
            code,
            message,
            tok?.brand ?? null,
            tok?.last4 ?? null,
            tok?.cardholder_name ?? null,
            request.description,
            JSON.stringify(request.metadata),
          ],
        );
        return toResult(rows[0]);
      });
    },

    async refund(paymentId: string, _idempotencyKey: string) {
      const { rows } = await pool.query(
        `UPDATE local_gateway_charges SET refunded_at = coalesce(refunded_at, now()), refund_id = coalesce(refund_id, $2)
          WHERE id = $1 AND status = 'succeeded' RETURNING refund_id`,
        [paymentId, randomId('re')],
      );
      if (!rows[0]) throw new PaymentGatewayError(`No such charge: ${paymentId}`);
      return { refundId: rows[0].refund_id };
    },

    async findCharge(idempotencyKey: string) {
      const { rows } = await pool.query('SELECT * FROM local_gateway_charges WHERE idempotency_key = $1', [idempotencyKey]);
      return rows[0] ? toResult(rows[0]) : null;
    },

    async getCharge(id: string) {
      const { rows } = await pool.query('SELECT * FROM local_gateway_charges WHERE id = $1', [id]);
      return rows[0] ?? null;
    },

    async chargeCount(filter = {}) {
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM local_gateway_charges WHERE status = 'succeeded' AND ($1::text IS NULL OR token = $1)`,
        [filter.token ?? null],
      );
      return rows[0].n;
    },

    publicConfig() {
      return { provider: 'local', publishableKey: null, tokensUrl: `${LOCAL_GATEWAY_PATH}/tokens` };
    },
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The gateway's own HTTP endpoints: card tokenisation and receipt pages. */
export function mountLocalGateway(app: express.Express, gateway: LocalGateway, rateLimiter: RateLimiter) {
  const router = express.Router();
  router.post('/tokens', express.json({ limit: '4kb' }), async (req, res) => {
    // The browser's card form posts here, to the gateway, never to the API.
    res.setHeader('cache-control', 'no-store');
    try {
      await rateLimiter.hit([LIMITS.cardTokensPerIp(req.ip ?? 'unknown')]);
    } catch (error) {
      res.status(429).json({ error: { type: 'rate_limit_error', message: (error as Error).message } });
      return;
    }
    const result = await gateway.tokenize(req.body ?? {});
    if ('error' in result) res.status(402).json({ error: { type: 'card_error', ...result.error } });
    else res.json({ id: result.id, object: 'token', card: { brand: result.brand, last4: result.last4 } });
  });
  router.get('/receipts/:id', async (req, res) => {
    const charge = await gateway.getCharge(req.params.id);
    if (charge?.status !== 'succeeded') {
      res.status(404).type('html').send('<!doctype html><title>Receipt not found</title><p>No such receipt.</p>');
      return;
    }
    const rows: [string, string][] = [
      ['Amount paid', formatMoney(charge.amount, charge.currency)],
      ['Date paid', new Date(charge.created_at).toUTCString()],
      ['Payment method', `${esc(charge.brand ?? 'card')} •••• ${esc(charge.last4 ?? '')}`],
      ['Description', esc(charge.description ?? '')],
      ['Receipt number', esc(charge.id)],
      ...(charge.refunded_at ? [['Refunded', new Date(charge.refunded_at).toUTCString()] as [string, string]] : []),
    ];
    res
      .type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tertulia - Receipt</title><style>body{font-family:system-ui,sans-serif;max-width:560px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{width:100%;border-collapse:collapse}td{padding:.5rem;border-bottom:1px solid #ddd}td:first-child{color:#555}.note{color:#555;font-size:.9rem}</style></head>
<body><h1>Receipt from Tertulia</h1><table>${rows.map(([k, v]) => `<tr><td>${k}</td><td>${v}</td></tr>`).join('')}</table>
<p class="note">Paid through the local test gateway: no real card was charged.</p></body></html>`);
  });
  app.use(LOCAL_GATEWAY_PATH, router);
}
