/**
 * Keycloak's admin API, as the test identity provider's set-up and tests use it: the school realm
 * created from its file, a SAML service provider registered, a person's sessions ended. Each call
 * takes a token of the master realm's admin (scripts/keycloak/server.ts keeps its credentials with
 * the template database).
 */
import { readFileSync } from 'node:fs';
import { INSTRUCTOR_CLAIM, REALM, REALM_FILE, SAML_IDP_INITIATED_NAME } from './realm';

/** The master realm's admin of a template database (its password random, made with the template). */
export interface AdminCredentials {
  username: string;
  password: string;
}

export interface SamlServiceProviderRegistration {
  entityId: string;
  acsUrl: string;
  /** Where Keycloak sends LogoutRequests (back channel, POST) and its LogoutResponses. */
  sloUrl: string;
  /** The SP's signing certificate (base64 DER): Keycloak requires its AuthnRequests and LogoutRequests signed by it. */
  signingCertificate: string;
}

async function adminToken(url: string, admin: AdminCredentials): Promise<string> {
  const token = await fetch(`${url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: 'admin-cli', grant_type: 'password', ...admin }),
  });
  if (!token.ok) throw new Error(`Keycloak's admin token: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}

/**
 * A SAML client for a service provider: it signs its assertions and its responses (RSA-SHA256),
 * requires the SP's requests signed with its certificate, gives the address as an email NameID and
 * as the `email` attribute, and the user attribute `tertulia_role` as an attribute of the same name.
 * Single logout goes to the SP's service: LogoutResponses by POST (forced), and an IdP-initiated
 * logout over the back channel (frontchannelLogout off: a server's POST, no browser needed). It also
 * answers an IdP-initiated sign-in (SAML_IDP_INITIATED_NAME), which posts a response no request asked for.
 */
export async function createSamlClient(url: string, admin: AdminCredentials, sp: SamlServiceProviderRegistration): Promise<void> {
  const attribute = (name: string, mapper: string, userAttribute: string) => ({
    name,
    protocol: 'saml',
    protocolMapper: mapper,
    config: { 'user.attribute': userAttribute, 'attribute.name': name, 'attribute.nameformat': 'Basic', 'friendly.name': name },
  });
  const created = await fetch(`${url}/admin/realms/${REALM}/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(url, admin)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: sp.entityId,
      protocol: 'saml',
      enabled: true,
      redirectUris: [sp.acsUrl],
      frontchannelLogout: false,
      attributes: {
        'saml.assertion.signature': 'true',
        'saml.server.signature': 'true',
        'saml.signature.algorithm': 'RSA_SHA256',
        'saml.client.signature': 'true',
        'saml.signing.certificate': sp.signingCertificate,
        'saml.encrypt': 'false',
        'saml.authnstatement': 'true',
        'saml.force.post.binding': 'true',
        saml_force_name_id_format: 'true',
        saml_name_id_format: 'email',
        saml_assertion_consumer_url_post: sp.acsUrl,
        saml_single_logout_service_url_post: sp.sloUrl,
        saml_single_logout_service_url_redirect: sp.sloUrl,
        saml_idp_initiated_sso_url_name: SAML_IDP_INITIATED_NAME,
      },
      protocolMappers: [
        attribute('email', 'saml-user-property-mapper', 'email'),
        attribute(INSTRUCTOR_CLAIM.name, 'saml-user-attribute-mapper', INSTRUCTOR_CLAIM.name),
      ],
    }),
  });
  if (created.status !== 201) throw new Error(`Keycloak refused the SAML client: ${created.status} ${await created.text()}`);
}

export async function logoutUser(url: string, admin: AdminCredentials, username: string): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(url, admin)}` };
  const found = await fetch(`${url}/admin/realms/${REALM}/users?exact=true&username=${encodeURIComponent(username)}`, { headers });
  const [user] = (await found.json()) as { id: string }[];
  if (!user) throw new Error(`Keycloak has no user ${username}`);
  const loggedOut = await fetch(`${url}/admin/realms/${REALM}/users/${user.id}/logout`, { method: 'POST', headers });
  if (loggedOut.status !== 204) throw new Error(`Keycloak did not log ${username} out: ${loggedOut.status} ${await loggedOut.text()}`);
}

/** Creates the school realm from the repository's file through the admin API (the bootstrap admin's token). */
export async function createRealm(url: string, admin: AdminCredentials): Promise<void> {
  const access_token = await adminToken(url, admin);
  const created = await fetch(`${url}/admin/realms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: readFileSync(REALM_FILE),
  });
  if (created.status !== 201) throw new Error(`Keycloak refused the realm: ${created.status} ${await created.text()}`);
  const discovery = await fetch(`${url}/realms/${REALM}/.well-known/openid-configuration`);
  if (!discovery.ok) throw new Error(`The ${REALM} realm's discovery answered ${discovery.status}`);
}
