/**
 * Short-lived LTI state that is not a fact (not events, not a read model): the OIDC login's state
 * and nonce between our redirect to the platform and its launch, and a deep-linking request between
 * the instructor's launch and their pick. Both kept hashed (state, nonce) or keyed by a random id,
 * single use (taken with DELETE … RETURNING), short-lived; expired rows are swept on each insert.
 */
import type { Migration } from '../../db/migrate';
import { migrate } from '../../db/migrate';
import type { Pool } from '../../db/pool';
import { hashToken } from '../../security/tokens';

export const ltiMigrations: Migration[] = [
  {
    id: '001_lti_state',
    up: `CREATE TABLE lti_login_states (
           state_hash text PRIMARY KEY, nonce_hash text NOT NULL, platform_id text NOT NULL, expires_at timestamptz NOT NULL);
         CREATE TABLE lti_deep_linking_requests (
           request_id text PRIMARY KEY, account_id text NOT NULL, platform_id text NOT NULL, deployment_id text NOT NULL,
           return_url text NOT NULL, data text, expires_at timestamptz NOT NULL)`,
    down: 'DROP TABLE lti_deep_linking_requests; DROP TABLE lti_login_states',
  },
  {
    // Assignment and Grade Services: where a placed lesson's line item is created.
    id: '002_lti_deep_linking_line_items',
    up: 'ALTER TABLE lti_deep_linking_requests ADD COLUMN line_items_url text',
    down: 'ALTER TABLE lti_deep_linking_requests DROP COLUMN line_items_url',
  },
];

export const migrateLti = (pool: Pool) => migrate(pool, 'lti', ltiMigrations);

/** How long a login may take between our redirect and the platform's post back. */
export const LOGIN_STATE_LIFETIME_MS = 5 * 60_000;
/** How long an instructor has to pick what to place, after a deep-linking launch. */
export const DEEP_LINKING_LIFETIME_MS = 60 * 60_000;

export async function saveLoginState(pool: Pool, input: { state: string; nonce: string; platformId: string; now: Date }) {
  await pool.query('DELETE FROM lti_login_states WHERE expires_at < $1', [input.now]);
  await pool.query('INSERT INTO lti_login_states (state_hash, nonce_hash, platform_id, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(input.state),
    hashToken(input.nonce),
    input.platformId,
    new Date(input.now.getTime() + LOGIN_STATE_LIFETIME_MS),
  ]);
}

/** The login a state belongs to, unused and unexpired, or null. Reading does not use it up. */
export async function findLoginState(pool: Pool, state: string, now: Date): Promise<{ platformId: string; nonceHash: string } | null> {
  const { rows } = await pool.query(
    'SELECT platform_id AS "platformId", nonce_hash AS "nonceHash" FROM lti_login_states WHERE state_hash = $1 AND expires_at > $2',
    [hashToken(state), now],
  );
  return rows[0] ?? null;
}

/** Uses the state up: true for the one caller that took it. */
export async function takeLoginState(pool: Pool, state: string): Promise<boolean> {
  const { rowCount } = await pool.query('DELETE FROM lti_login_states WHERE state_hash = $1', [hashToken(state)]);
  return rowCount === 1;
}

export interface DeepLinkingRequest {
  requestId: string;
  accountId: string;
  platformId: string;
  deploymentId: string;
  returnUrl: string;
  data: string | null;
  /** The launch's line items service (AGS), when the platform granted it. */
  lineItemsUrl: string | null;
}

export async function saveDeepLinkingRequest(pool: Pool, request: DeepLinkingRequest, now: Date) {
  await pool.query('DELETE FROM lti_deep_linking_requests WHERE expires_at < $1', [now]);
  await pool.query(
    `INSERT INTO lti_deep_linking_requests (request_id, account_id, platform_id, deployment_id, return_url, data, line_items_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      request.requestId,
      request.accountId,
      request.platformId,
      request.deploymentId,
      request.returnUrl,
      request.data,
      request.lineItemsUrl,
      new Date(now.getTime() + DEEP_LINKING_LIFETIME_MS),
    ],
  );
}

const DEEP_LINKING_COLUMNS = `request_id AS "requestId", account_id AS "accountId", platform_id AS "platformId",
  deployment_id AS "deploymentId", return_url AS "returnUrl", data, line_items_url AS "lineItemsUrl"`;

/** The account's unexpired request, or null (another account's is null too). */
export async function findDeepLinkingRequest(
  pool: Pool,
  requestId: string,
  accountId: string,
  now: Date,
): Promise<DeepLinkingRequest | null> {
  const { rows } = await pool.query(
    `SELECT ${DEEP_LINKING_COLUMNS} FROM lti_deep_linking_requests WHERE request_id = $1 AND account_id = $2 AND expires_at > $3`,
    [requestId, accountId, now],
  );
  return rows[0] ?? null;
}

/** Uses the request up (a response goes back once). */
export async function takeDeepLinkingRequest(
  pool: Pool,
  requestId: string,
  accountId: string,
  now: Date,
): Promise<DeepLinkingRequest | null> {
  const { rows } = await pool.query(
    `DELETE FROM lti_deep_linking_requests WHERE request_id = $1 AND account_id = $2 AND expires_at > $3 RETURNING ${DEEP_LINKING_COLUMNS}`,
    [requestId, accountId, now],
  );
  return rows[0] ?? null;
}
