/**
 * Single sign-on read model (issue 33): each school's identity provider (settings, the client secret
 * sealed as the events carry it) and which sessions a school sign-in opened (for its sign-out), with
 * a SAML session's NameID and SessionIndex (single logout finds and names sessions by them).
 */
import type pg from 'pg';
import type { ConnectionSource } from '../connectionSource';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import type {
  IdentityProviderKind,
  IdentityProviderSettings,
  SamlIdpSettings,
  SchoolSignInCompleted,
} from '../../services/domain/sso/events';
import type { SamlSessionRef } from '../../services/integrations/sso/saml';

export const ssoProjector: Projector = {
  name: 'sso',
  version: 3,
  handles: ['IdentityProviderConfigured', 'IdentityProviderChanged', 'SchoolSignInCompleted'],
  schema: `
    CREATE TABLE identity_providers (
      id text PRIMARY KEY, kind text NOT NULL, saml jsonb, display_name text NOT NULL, issuer text NOT NULL, client_id text NOT NULL,
      client_secret_sealed text NOT NULL, scopes text[] NOT NULL, domains text[] NOT NULL,
      instructor_claim jsonb, password_sign_in_allowed boolean NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, secret_replaced_at timestamptz NOT NULL);
    CREATE INDEX identity_providers_name ON identity_providers (display_name, id);
    CREATE INDEX identity_providers_created ON identity_providers (created_at, id);
    CREATE INDEX identity_providers_domains ON identity_providers USING gin (domains);
    CREATE TABLE school_sessions (session_id text PRIMARY KEY, provider_id text NOT NULL, account_id text NOT NULL, signed_in_at timestamptz NOT NULL,
      name_id text, name_id_format text, session_index text);
    CREATE INDEX school_sessions_name_id ON school_sessions (provider_id, name_id);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    for (const e of events) {
      const at = e.metadata.occurredAt;
      if (e.type === 'IdentityProviderConfigured' || e.type === 'IdentityProviderChanged') {
        const d = e.data as { providerId: string; secretReplaced?: boolean } & IdentityProviderSettings;
        await db.query(
          `INSERT INTO identity_providers (id, display_name, issuer, client_id, client_secret_sealed, scopes, domains, instructor_claim,
             password_sign_in_allowed, created_at, updated_at, secret_replaced_at, kind, saml)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10, $12, $13)
           ON CONFLICT (id) DO UPDATE SET kind = $12, saml = $13, display_name = $2, issuer = $3, client_id = $4, client_secret_sealed = $5, scopes = $6,
             domains = $7, instructor_claim = $8, password_sign_in_allowed = $9, updated_at = $10,
             secret_replaced_at = CASE WHEN $11 THEN $10 ELSE identity_providers.secret_replaced_at END`,
          [
            d.providerId,
            d.displayName,
            d.issuer,
            d.clientId,
            d.clientSecretSealed,
            d.scopes,
            d.domains,
            d.instructorClaim ? JSON.stringify(d.instructorClaim) : null,
            d.passwordSignInAllowed,
            at,
            d.secretReplaced === true,
            d.kind ?? 'OIDC',
            d.saml ? JSON.stringify(d.saml) : null,
          ],
        );
      } else if (e.type === 'SchoolSignInCompleted') {
        const d = e.data as SchoolSignInCompleted['data'];
        await db.query(
          `INSERT INTO school_sessions (session_id, provider_id, account_id, signed_in_at, name_id, name_id_format, session_index)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
          [d.sessionId, d.providerId, d.accountId, at, d.saml?.nameId ?? null, d.saml?.nameIdFormat ?? null, d.saml?.sessionIndex ?? null],
        );
      }
    }
  },
};

/** A provider as its latest settings say (old OIDC events read with their kind), and when it changed. */
export interface IdentityProviderRow extends Omit<IdentityProviderSettings, 'kind' | 'saml'> {
  id: string;
  kind: IdentityProviderKind;
  /** SAML providers only: the IdP as its metadata said. */
  saml: SamlIdpSettings | null;
  createdAt: Date;
  updatedAt: Date;
  secretReplacedAt: Date;
}

const toProvider = (r: any): IdentityProviderRow => ({
  id: r.id,
  kind: r.kind,
  saml: r.saml,
  displayName: r.display_name,
  issuer: r.issuer,
  clientId: r.client_id,
  clientSecretSealed: r.client_secret_sealed,
  scopes: r.scopes,
  domains: r.domains,
  instructorClaim: r.instructor_claim,
  passwordSignInAllowed: r.password_sign_in_allowed,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  secretReplacedAt: r.secret_replaced_at,
});

export async function findIdentityProvider(pool: pg.Pool, id: string): Promise<IdentityProviderRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_sso.identity_providers WHERE id = $1', [id]);
  return rows[0] ? toProvider(rows[0]) : null;
}

/** The provider covering a domain (normalized), or null. */
export async function identityProviderForDomain(pool: pg.Pool, domain: string): Promise<IdentityProviderRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_sso.identity_providers WHERE domains @> ARRAY[$1]::text[] LIMIT 1', [domain]);
  return rows[0] ? toProvider(rows[0]) : null;
}

/** A session a school sign-in opened: its provider and, for SAML, what a LogoutRequest names it by. */
export async function schoolSessionOf(
  pool: pg.Pool,
  sessionId: string,
): Promise<{ provider: IdentityProviderRow; saml: SamlSessionRef | null } | null> {
  const { rows } = await pool.query(
    `SELECT p.*, s.name_id AS s_name_id, s.name_id_format AS s_name_id_format, s.session_index AS s_session_index
       FROM rm_sso.school_sessions s JOIN rm_sso.identity_providers p ON p.id = s.provider_id WHERE s.session_id = $1`,
    [sessionId],
  );
  if (!rows[0]) return null;
  const r = rows[0];
  return {
    provider: toProvider(r),
    saml: r.s_name_id ? { nameId: r.s_name_id, nameIdFormat: r.s_name_id_format, sessionIndex: r.s_session_index } : null,
  };
}

/** The sessions an IdP's LogoutRequest names: its NameID at that provider, and its SessionIndex when it gives one. */
export async function schoolSessionsNamed(
  pool: pg.Pool,
  providerId: string,
  named: { nameId: string; sessionIndex: string | null },
): Promise<{ sessionId: string; accountId: string }[]> {
  const { rows } = await pool.query(
    `SELECT session_id, account_id FROM rm_sso.school_sessions
      WHERE provider_id = $1 AND name_id = $2 AND ($3::text IS NULL OR session_index = $3) ORDER BY session_id LIMIT 1000`,
    [providerId, named.nameId, named.sessionIndex],
  );
  return rows.map((r) => ({ sessionId: r.session_id, accountId: r.account_id }));
}

/** The SAML providers whose IdP is `entityId` (a school's IdP may serve more than one of our providers). */
export async function samlProvidersOfIdp(pool: pg.Pool, entityId: string): Promise<IdentityProviderRow[]> {
  const { rows } = await pool.query(`SELECT * FROM rm_sso.identity_providers WHERE kind = 'SAML' AND issuer = $1 ORDER BY id LIMIT 20`, [
    entityId,
  ]);
  return rows.map(toProvider);
}

export const adminIdentityProvidersSource: ConnectionSource<IdentityProviderRow> = {
  from: 'rm_sso.identity_providers',
  fields: {
    id: { column: 'id', type: 'text' },
    displayName: { column: 'display_name', type: 'text' },
    createdAt: { column: 'created_at', type: 'timestamptz' },
  },
  defaultSort: [{ field: 'displayName', direction: 'ASC' }],
  toNode: toProvider,
};
