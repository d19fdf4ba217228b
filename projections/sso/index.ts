/**
 * Single sign-on read model (issue 33): each school's identity provider (settings, the client secret
 * sealed as the events carry it) and which sessions a school sign-in opened (for its sign-out).
 */
import type pg from 'pg';
import type { ConnectionSource } from '../../services/api/connections';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import type { IdentityProviderKind, IdentityProviderSettings, SamlIdpSettings } from '../../services/domain/sso/events';

export const ssoProjector: Projector = {
  name: 'sso',
  version: 2,
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
    CREATE TABLE school_sessions (session_id text PRIMARY KEY, provider_id text NOT NULL, account_id text NOT NULL, signed_in_at timestamptz NOT NULL);`,
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
        const d = e.data as { providerId: string; accountId: string; sessionId: string };
        await db.query(
          'INSERT INTO school_sessions (session_id, provider_id, account_id, signed_in_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [d.sessionId, d.providerId, d.accountId, at],
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

/** The provider a session was opened through, or null for a password session. */
export async function identityProviderOfSession(pool: pg.Pool, sessionId: string): Promise<IdentityProviderRow | null> {
  const { rows } = await pool.query(
    'SELECT p.* FROM rm_sso.school_sessions s JOIN rm_sso.identity_providers p ON p.id = s.provider_id WHERE s.session_id = $1',
    [sessionId],
  );
  return rows[0] ? toProvider(rows[0]) : null;
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
