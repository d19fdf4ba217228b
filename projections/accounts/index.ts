/**
 * Accounts read model: one row per account (email, roles, sign-in facts) and its sessions, which
 * the API checks on every request so that a signed-out token stops working at once.
 */
import type pg from 'pg';
import type { Role } from '../../contracts/roles';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';

/** Notices (NOTIFY, payload the account id) that an account's sessions ended or its roles changed. */
export const SESSIONS_CHANNEL = 'tertulia_sessions';

const accountIdOf = (e: StoredEvent) => e.streamId.slice('account-'.length);

export const accountsProjector: Projector = {
  name: 'accounts',
  version: 2,
  handles: [
    'AccountRegistered',
    'SignedIn',
    'SignedOut',
    'PasswordResetRequested',
    'PasswordChanged',
    'RolesChanged',
    'ActiveRoleSwitched',
    'EmailAddressChanged',
  ],
  schema: `
    CREATE TABLE accounts (
      id text PRIMARY KEY,
      email_address text NOT NULL,
      roles text[] NOT NULL,
      active_role text,
      registered_via text NOT NULL,
      created_at timestamptz NOT NULL,
      current_sign_in_at timestamptz,
      current_sign_in_ip text,
      last_sign_in_at timestamptz,
      reset_password_sent_at timestamptz,
      password_changed_at timestamptz
    );
    CREATE UNIQUE INDEX accounts_email ON accounts (email_address);
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      account_id text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      ip text,
      ended_at timestamptz
    );
    CREATE INDEX sessions_account ON sessions (account_id);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    /** Accounts whose sessions ended or whose roles changed: every API process forgets the sessions it remembers. */
    const ended = new Set<string>();
    for (const e of events) {
      const id = accountIdOf(e);
      const at = e.metadata.occurredAt;
      switch (e.type) {
        case 'AccountRegistered':
          await db.query(
            `INSERT INTO accounts (id, email_address, roles, registered_via, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (id) DO NOTHING`,
            [id, e.data.emailAddress, e.data.roles, e.data.via, at],
          );
          break;
        case 'SignedIn':
          await db.query(
            `UPDATE accounts SET last_sign_in_at = current_sign_in_at, current_sign_in_at = $2, current_sign_in_ip = $3 WHERE id = $1`,
            [id, at, e.data.ip],
          );
          await db.query(
            `INSERT INTO sessions (id, account_id, created_at, expires_at, ip) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
            [e.data.sessionId, id, at, e.data.expiresAt, e.data.ip],
          );
          break;
        case 'SignedOut':
          await db.query('UPDATE sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [e.data.sessionId, at]);
          ended.add(id);
          break;
        case 'PasswordResetRequested':
          await db.query('UPDATE accounts SET reset_password_sent_at = $2 WHERE id = $1', [id, at]);
          break;
        case 'PasswordChanged':
          await db.query('UPDATE accounts SET password_changed_at = $2 WHERE id = $1', [id, at]);
          await db.query('UPDATE sessions SET ended_at = $2 WHERE account_id = $1 AND ended_at IS NULL', [id, at]);
          ended.add(id);
          break;
        case 'RolesChanged':
          await db.query(
            `UPDATE accounts SET roles = $2, active_role = CASE WHEN active_role = ANY($2) THEN active_role END WHERE id = $1`,
            [id, e.data.roles],
          );
          ended.add(id);
          break;
        case 'ActiveRoleSwitched':
          await db.query('UPDATE accounts SET active_role = $2 WHERE id = $1', [id, e.data.role]);
          break;
        case 'EmailAddressChanged':
          await db.query('UPDATE accounts SET email_address = $2 WHERE id = $1', [id, e.data.emailAddress]);
          break;
      }
    }
    // Delivered when this batch commits, that is when the change can be read (services/api/sessionCache.ts).
    if (ended.size) await db.query(`SELECT pg_notify('${SESSIONS_CHANNEL}', a) FROM unnest($1::text[]) AS a`, [[...ended]]);
  },
};

export interface AccountRow {
  id: string;
  emailAddress: string;
  roles: Role[];
  activeRole: Role | null;
  createdAt: Date;
  currentSignInAt: Date | null;
  currentSignInIp: string | null;
  resetPasswordSentAt: Date | null;
}

const toAccount = (r: any): AccountRow => ({
  id: r.id,
  emailAddress: r.email_address,
  roles: r.roles,
  activeRole: r.active_role,
  createdAt: r.created_at,
  currentSignInAt: r.current_sign_in_at,
  currentSignInIp: r.current_sign_in_ip,
  resetPasswordSentAt: r.reset_password_sent_at,
});

export async function findAccount(pool: pg.Pool, id: string): Promise<AccountRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_accounts.accounts WHERE id = $1', [id]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function findAccountsByIds(pool: pg.Pool, ids: readonly string[]): Promise<AccountRow[]> {
  const { rows } = await pool.query('SELECT * FROM rm_accounts.accounts WHERE id = ANY($1)', [ids]);
  return rows.map(toAccount);
}

/** The open sessions among `sessionIds` (as findOpenSession), in one statement. */
export async function findOpenSessions(pool: pg.Pool, sessionIds: readonly string[], now: Date) {
  if (!sessionIds.length) return new Map<string, { accountId: string; roles: string[]; expiresAt: Date }>();
  const { rows } = await pool.query(
    `SELECT s.id, s.account_id, a.roles, s.expires_at FROM rm_accounts.sessions s JOIN rm_accounts.accounts a ON a.id = s.account_id
      WHERE s.id = ANY($1::text[]) AND s.ended_at IS NULL AND s.expires_at > $2`,
    [[...new Set(sessionIds)], now],
  );
  return new Map(
    rows.map((r) => [r.id as string, { accountId: r.account_id as string, roles: r.roles as string[], expiresAt: r.expires_at as Date }]),
  );
}

/** An open session: not signed out, not expired, its account still there. */
export async function findOpenSession(pool: pg.Pool, sessionId: string, now: Date) {
  const { rows } = await pool.query(
    `SELECT s.account_id, a.roles, s.expires_at FROM rm_accounts.sessions s JOIN rm_accounts.accounts a ON a.id = s.account_id
      WHERE s.id = $1 AND s.ended_at IS NULL AND s.expires_at > $2`,
    [sessionId, now],
  );
  return rows[0]
    ? { accountId: rows[0].account_id as string, roles: rows[0].roles as string[], expiresAt: rows[0].expires_at as Date }
    : null;
}
