/**
 * Single sign-on use cases (issue 33): an admin saves a school's identity provider (its discovery
 * read and checked first, the client secret sealed, its email domains claimed on their streams so
 * no two providers cover one), and a person signs in through it: the round trip's state is a stream
 * of its own, so a state is good once, and only for 10 minutes.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { ErrorCode } from '../../../contracts/errors';
import { EMAIL_INVALID_MESSAGE } from '../../../contracts/validation/email';
import type { Role } from '../../../contracts/roles';
import {
  findIdentityProvider,
  identityProviderForDomain,
  samlProvidersOfIdp,
  schoolSessionOf,
  schoolSessionsNamed,
  type IdentityProviderRow,
} from '../../../projections/sso';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import type { AppendResult } from '../../eventstore/port';
import {
  authorizationRequest,
  discover,
  discoveryProblem,
  endSessionUrl,
  verifiedAnswer,
  type VerifiedAnswer,
} from '../../integrations/sso/oidc';
import {
  authnRequestUrl,
  fetchIdpMetadata,
  logoutHeader,
  logoutRequestUrl,
  logoutResponseUrl,
  newRequestId,
  parseIdpMetadata,
  SamlMetadataError,
  serviceProviderMetadata,
  verifiedLogoutRequest,
  verifiedSamlAnswer,
  verifyLogoutResponse,
  type SamlLogoutMessage,
  type SamlServiceProvider,
  type SamlSessionRef,
} from '../../integrations/sso/saml';
import { newServiceProviderKey, type ServiceProviderKey } from '../../integrations/sso/samlKey';
import { hashToken, seal, unseal } from '../../security/tokens';
import { decideSignIn, decideSignOut } from '../identity/account';
import { streams as accountStreams } from '../identity/events';
import { accountIdForEmail, loadAccount, registerInTx, type SessionGrant } from '../identity/handlers';
import { fold, SYSTEM_ACTOR, type DomainEvent } from '../shared/decider';
import { DomainError, badInput } from '../shared/errors';
import { newId } from '../shared/ids';
import {
  ssoStreams,
  type IdentityProviderEvent,
  type IdentityProviderLinked,
  type IdentityProviderSettings,
  type SamlIdpSettings,
  type SamlLogoutEvent,
  type SamlLogoutRequested,
  type SamlServiceProviderKeyCreated,
  type SchoolSignInEvent,
  type SchoolSignInStarted,
} from './events';
import {
  BINDING_MIN_LENGTH,
  SsoMessages,
  checkProviderInput,
  decideSchoolSignIn,
  domainOf,
  roleFromClaims,
  type ProviderInput,
} from './rules';

/** How long the IdP round trip may take, from our redirect to its callback. */
export const SCHOOL_SIGN_IN_LIFETIME_MS = 10 * 60_000;
/** The cookie holding the starting browser's binding (set by the school sign-in page, read by the callback). */
export const SCHOOL_SIGN_IN_COOKIE = 'school_sign_in';
/** Where the IdP sends the person back; registered at the IdP as the client's redirect URI. */
export const SCHOOL_SIGN_IN_CALLBACK_PATH = '/api/sso/oidc/callback';
/** SAML: where the IdP POSTs its response (the assertion consumer service), and where our SP metadata is (also our entity id). */
export const SAML_ACS_PATH = '/api/sso/saml/acs';
export const SAML_METADATA_PATH = '/api/sso/saml/metadata';
/** SAML single logout: the IdP's LogoutRequests (front and back channel) and its LogoutResponses to ours. */
export const SAML_SLO_PATH = '/api/sso/saml/slo';
/** How long our LogoutRequest waits for the IdP's answer. */
const SAML_LOGOUT_LIFETIME_MS = 10 * 60_000;

/** Why a school sign-in was refused: the sign-in page says it in the person's language. */
export type SchoolSignInProblem =
  | 'state_unknown'
  | 'state_used'
  | 'state_expired'
  | 'other_browser'
  | 'idp_refused'
  | 'verification_failed'
  | 'email_missing'
  | 'email_not_verified'
  | 'email_outside_domains'
  | 'subject_mismatch';

export class SchoolSignInRefused extends DomainError {
  constructor(
    readonly problem: SchoolSignInProblem,
    message: string,
  ) {
    super(ErrorCode.UNAUTHORIZED, message, undefined, problem);
  }
}

const PROBLEM_OF_MESSAGE: Record<string, SchoolSignInProblem> = {
  [SsoMessages.emailMissing]: 'email_missing',
  [SsoMessages.emailNotVerified]: 'email_not_verified',
  [SsoMessages.emailOutsideDomains]: 'email_outside_domains',
  [SsoMessages.subjectMismatch]: 'subject_mismatch',
};

/** A logout message that is not verified, or answers nothing we asked: nothing is ended. */
export class SamlLogoutRefused extends Error {}

const addressRefused = (message: string, reason: 'no_school' | 'school_away') =>
  new DomainError(ErrorCode.BAD_USER_INPUT, message, { emailAddress: message }, reason);

export interface SsoDeps {
  commands: CommandExecutor;
  pool: pg.Pool;
  /** Seals client secrets and the round trip's checks (the server's auth secret). */
  serverSecret: string;
  publicUrl: string;
}

interface ProviderState {
  exists: boolean;
  settings: IdentityProviderSettings | null;
}

const providerState = (events: DomainEvent[]): ProviderState =>
  fold(
    (_state: ProviderState, e: IdentityProviderEvent) => {
      const { providerId: _id, ...rest } = e.data;
      const { secretReplaced: _replaced, ...settings } = rest as typeof rest & { secretReplaced?: boolean };
      return { exists: true, settings: { ...settings, kind: settings.kind ?? 'OIDC', saml: settings.saml ?? null } };
    },
    { exists: false, settings: null },
    events as IdentityProviderEvent[],
  );

/** The provider that owns a domain now: its latest claim, unless released since. */
async function domainOwner(tx: CommandTransaction, domain: string): Promise<string | null> {
  let owner: string | null = null;
  for (const e of await tx.read(ssoStreams.domain(domain))) {
    if (e.type === 'SsoDomainClaimed') owner = (e.data as { providerId: string }).providerId;
    else if (e.type === 'SsoDomainReleased') owner = null;
  }
  return owner;
}

/** The subject the account is linked to at this provider, or null. */
function linkedSubject(events: DomainEvent[], providerId: string): string | null {
  let subject: string | null = null;
  for (const e of events) {
    if (e.type === 'IdentityProviderLinked' && (e as IdentityProviderLinked).data.providerId === providerId) {
      subject = (e as IdentityProviderLinked).data.subject;
    }
  }
  return subject;
}

export function ssoHandlers(deps: SsoDeps) {
  const { commands, pool } = deps;
  const clientOf = (provider: IdentityProviderRow) =>
    discover({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: unseal(deps.serverSecret, provider.clientSecretSealed),
    });

  const entityId = `${deps.publicUrl}${SAML_METADATA_PATH}`;
  const keyStream = ssoStreams.serviceProviderKey();
  /** The installation's SP key: made, then recorded unless its stream has one already (one, whoever races), as LTI's tool key. */
  const generateOrRead = async (): Promise<ServiceProviderKey> => {
    const fresh = newServiceProviderKey(entityId);
    const { result } = await commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
      const [existing] = (await tx.read(keyStream)) as SamlServiceProviderKeyCreated[];
      if (existing) return existing.data;
      const created: SamlServiceProviderKeyCreated = {
        type: 'SamlServiceProviderKeyCreated',
        data: { privateKeySealed: seal(deps.serverSecret, fresh.privateKeyPem), certificate: fresh.certificate },
      };
      tx.append(keyStream, [created], 'no_stream');
      return created.data;
    });
    return { privateKeyPem: unseal(deps.serverSecret, result.privateKeySealed), certificate: result.certificate };
  };
  let spKey: Promise<ServiceProviderKey> | null = null;
  const serviceProvider = async (): Promise<SamlServiceProvider> => {
    spKey ??= generateOrRead().catch((error) => {
      spKey = null;
      throw error;
    });
    return { entityId, acsUrl: `${deps.publicUrl}${SAML_ACS_PATH}`, sloUrl: `${deps.publicUrl}${SAML_SLO_PATH}`, key: await spKey };
  };

  /** The round trip's start, when it is one we began, unused, in time and this browser's (read in the command's transaction). */
  const checkedStart = async (tx: CommandTransaction, stream: string, browserBinding: string | null) => {
    const events = (await tx.read(stream)) as SchoolSignInEvent[];
    const start = events.find((e): e is SchoolSignInStarted => e.type === 'SchoolSignInStarted');
    if (!start) throw new SchoolSignInRefused('state_unknown', 'This sign-in link is not one Tertulia started.');
    if (events.some((e) => e.type === 'SchoolSignInCompleted'))
      throw new SchoolSignInRefused('state_used', 'This sign-in link was used already.');
    if (new Date(start.data.expiresAt) <= tx.now) throw new SchoolSignInRefused('state_expired', 'This sign-in took too long.');
    // Bound to the browser that started it: a callback carried to another browser (login CSRF) is refused, the start left unused.
    if (!browserBinding || hashToken(browserBinding) !== start.data.bindingHash) {
      throw new SchoolSignInRefused('other_browser', 'This sign-in was started in another browser.');
    }
    return start.data;
  };

  /** The round trip named by `key` (OIDC's state, SAML's RelayState), checked, and its provider. */
  const startedRoundTrip = async (meta: CommandMeta, key: string | null, browserBinding: string | null) => {
    if (!key || key.length > 200) throw new SchoolSignInRefused('state_unknown', 'This sign-in link is not one Tertulia started.');
    const stream = ssoStreams.signIn(hashToken(key));
    const { result: start } = await commands.execute(meta, (tx) => checkedStart(tx, stream, browserBinding));
    const provider = await findIdentityProvider(pool, start.providerId);
    if (!provider) throw new SchoolSignInRefused('state_unknown', 'This school sign-in is no longer configured.');
    return { start, provider, stream };
  };

  const verificationFailed = (error: unknown) =>
    new SchoolSignInRefused(
      'verification_failed',
      `Your school's answer could not be verified: ${String((error as Error).message).slice(0, 200)}`,
    );

  /**
   * The one path for "an IdP vouched for this address and these claims or attributes" (OIDC and SAML):
   * the account is signed in, linked or made, and the round trip marked used in the same append,
   * against the version read (a replay, even a concurrent one, finds it used).
   */
  const vouched = async (
    meta: CommandMeta,
    round: {
      stream: string;
      browserBinding: string | null;
      provider: IdentityProviderRow;
      identity: VerifiedAnswer;
      ip: string | null;
      saml?: SamlSessionRef;
    },
  ): Promise<SessionGrant> => {
    const { stream, provider, identity: answer } = round;
    const input = { ip: round.ip };
    const { result, appended } = await commands.execute(meta, async (tx) => {
      await checkedStart(tx, stream, round.browserBinding);
      const ownerId =
        answer.emailAddress && !domainOf(answer.emailAddress)
          ? null
          : answer.emailAddress && (await accountIdForEmail(tx, answer.emailAddress));
      const ownerEvents = ownerId ? await tx.read(accountStreams.account(ownerId)) : [];
      let decision: ReturnType<typeof decideSchoolSignIn>;
      try {
        decision = decideSchoolSignIn(
          answer,
          { providerId: provider.id, domains: provider.domains },
          ownerId ? { accountId: ownerId, linkedSubject: linkedSubject(ownerEvents, provider.id) } : null,
        );
      } catch (error) {
        const problem = error instanceof DomainError && PROBLEM_OF_MESSAGE[error.message];
        throw problem ? new SchoolSignInRefused(problem, error.message) : error;
      }
      let grant: { accountId: string; sessionId: string; expiresAt: string };
      if (decision.kind === 'created') {
        const role = roleFromClaims(answer.claims, provider.instructorClaim);
        grant = registerInTx(tx, {
          emailAddress: decision.emailAddress,
          passwordHash: '',
          roles: [`ONBOARDING_${role}` as Role],
          via: 'single_sign_on',
          ip: input.ip,
        });
      } else {
        const account = await loadAccount(tx, decision.accountId);
        const sessionId = crypto.randomUUID();
        const events = decideSignIn(account, { sessionId, ip: input.ip }, { now: tx.now, actor: tx.actor });
        tx.append(accountStreams.account(decision.accountId), events);
        grant = { accountId: decision.accountId, sessionId, expiresAt: (events[0].data as { expiresAt: string }).expiresAt };
      }
      if (decision.kind !== 'signed_in') {
        const link: IdentityProviderLinked = {
          type: 'IdentityProviderLinked',
          data: {
            providerId: provider.id,
            subject: answer.subject,
            via: decision.kind === 'created' ? 'just_in_time' : 'verified_email',
          },
        };
        tx.append(accountStreams.account(grant.accountId), [link]);
      }
      tx.append(stream, [
        {
          type: 'SchoolSignInCompleted',
          data: {
            providerId: provider.id,
            accountId: grant.accountId,
            sessionId: grant.sessionId,
            outcome: decision.kind,
            ...(round.saml ? { saml: round.saml } : {}),
          },
        },
      ]);
      return grant;
    });
    return { ...result, appended };
  };

  return {
    /** Admin: creates (no providerId) or changes a provider. A null secret on a change keeps the stored one. */
    async saveIdentityProvider(meta: CommandMeta, input: ProviderInput & { providerId: string | null }) {
      const existing = input.providerId ? await findIdentityProvider(pool, input.providerId) : null;
      if (input.providerId && !existing) throw new DomainError(ErrorCode.NOT_FOUND, SsoMessages.providerNotFound);
      const checked = checkProviderInput(input, { secretRequired: !existing?.clientSecretSealed });
      let saml: SamlIdpSettings | null = null;
      if (checked.kind === 'SAML') {
        const source = checked.samlMetadata!;
        try {
          const idp = parseIdpMetadata('url' in source ? await fetchIdpMetadata(source.url) : source.xml);
          saml = { metadataUrl: 'url' in source ? source.url : null, ...idp };
        } catch (error) {
          if (!(error instanceof SamlMetadataError)) throw error;
          throw badInput(error.message, { samlMetadata: error.message });
        }
      } else {
        const clientSecret = checked.clientSecret ?? unseal(deps.serverSecret, existing!.clientSecretSealed);
        try {
          await discover({ issuer: checked.issuer, clientId: checked.clientId, clientSecret });
        } catch (error) {
          const problem = discoveryProblem(error);
          throw badInput(problem, { issuer: problem });
        }
      }
      const providerId = input.providerId ?? newId();
      return commands.execute(meta, async (tx) => {
        const state = providerState(await tx.read(ssoStreams.provider(providerId)));
        if (input.providerId && !state.exists) throw new DomainError(ErrorCode.NOT_FOUND, SsoMessages.providerNotFound);
        const before = state.settings?.domains ?? [];
        const owners = await Promise.all(checked.domains.map(async (d) => [d, await domainOwner(tx, d)] as const));
        const taken = owners.filter(([, owner]) => owner && owner !== providerId).map(([d]) => d);
        if (taken.length) throw badInput(SsoMessages.domainTakenBy(taken.join(', ')), { domains: SsoMessages.domainTaken });
        for (const [domain, owner] of owners) {
          if (owner !== providerId) tx.append(ssoStreams.domain(domain), [{ type: 'SsoDomainClaimed', data: { providerId, domain } }]);
        }
        for (const domain of before.filter((d) => !checked.domains.includes(d))) {
          await tx.read(ssoStreams.domain(domain));
          tx.append(ssoStreams.domain(domain), [{ type: 'SsoDomainReleased', data: { providerId, domain } }]);
        }
        const settings: IdentityProviderSettings = {
          kind: checked.kind,
          saml,
          displayName: checked.displayName,
          issuer: saml ? saml.entityId : checked.issuer,
          clientId: checked.clientId,
          clientSecretSealed: saml
            ? ''
            : checked.clientSecret
              ? seal(deps.serverSecret, checked.clientSecret)
              : state.settings!.clientSecretSealed,
          scopes: checked.scopes,
          domains: checked.domains,
          instructorClaim: checked.instructorClaim,
          passwordSignInAllowed: checked.passwordSignInAllowed,
        };
        if (!state.exists) {
          tx.append(
            ssoStreams.provider(providerId),
            [{ type: 'IdentityProviderConfigured', data: { providerId, ...settings } }],
            'no_stream',
          );
          return { providerId, changed: true };
        }
        const { clientSecretSealed: _s, ...comparable } = settings;
        const { clientSecretSealed: _p, ...previous } = state.settings!;
        if (!checked.clientSecret && JSON.stringify(comparable) === JSON.stringify(previous)) return { providerId, changed: false };
        tx.append(ssoStreams.provider(providerId), [
          { type: 'IdentityProviderChanged', data: { providerId, secretReplaced: !!checked.clientSecret, ...settings } },
        ]);
        return { providerId, changed: true };
      });
    },

    /** Refuses a password sign-in for an address whose school provider turned password sign-in off. */
    async checkPasswordSignIn(emailAddress: string): Promise<void> {
      const domain = domainOf(emailAddress);
      const provider = domain ? await identityProviderForDomain(pool, domain) : null;
      if (provider && !provider.passwordSignInAllowed) {
        throw new DomainError(ErrorCode.UNAUTHORIZED, SsoMessages.passwordSignInOff, undefined, 'school_sign_in_required');
      }
    },

    /** Begins a school sign-in: the address's provider, and the IdP's address (OIDC authorization or SAML AuthnRequest) to send the browser to. */
    async startSignIn(meta: CommandMeta, input: { emailAddress: string; browserBinding: string }): Promise<{ url: string }> {
      if (input.browserBinding.length < BINDING_MIN_LENGTH || input.browserBinding.length > 100) {
        throw badInput(SsoMessages.bindingLength, { browserBinding: SsoMessages.reloadPage });
      }
      const domain = domainOf(input.emailAddress);
      if (!domain) throw badInput(EMAIL_INVALID_MESSAGE, { emailAddress: EMAIL_INVALID_MESSAGE });
      // The reasons name the school page's own words (its catalog part), not the first page's known messages.
      const provider = await identityProviderForDomain(pool, domain);
      if (!provider) throw addressRefused(SsoMessages.noProvider, 'no_school');
      // The key of the round trip's stream: OIDC's state, or the SAML AuthnRequest's id (also its RelayState).
      let request: { url: string; key: string; checks: object };
      if (provider.saml) {
        const requestId = newRequestId();
        request = { url: await authnRequestUrl(provider.saml, await serviceProvider(), requestId, requestId), key: requestId, checks: {} };
      } else {
        const config = await clientOf(provider).catch(() => {
          throw addressRefused(SsoMessages.providerAway, 'school_away');
        });
        const oidc = await authorizationRequest(config, {
          redirectUri: `${deps.publicUrl}${SCHOOL_SIGN_IN_CALLBACK_PATH}`,
          scopes: provider.scopes,
          loginHint: input.emailAddress.trim(),
        });
        request = { url: oidc.url, key: oidc.state, checks: oidc.checks };
      }
      await commands.execute(meta, async (tx) => {
        const expiresAt = new Date(tx.now.getTime() + SCHOOL_SIGN_IN_LIFETIME_MS).toISOString();
        const checksSealed = seal(deps.serverSecret, JSON.stringify(request.checks));
        tx.append(
          ssoStreams.signIn(hashToken(request.key)),
          [
            {
              type: 'SchoolSignInStarted',
              data: { providerId: provider.id, checksSealed, bindingHash: hashToken(input.browserBinding), expiresAt },
            },
          ],
          'no_stream',
        );
      });
      return { url: request.url };
    },

    /**
     * The IdP's OIDC callback: the state must be one we started, unused and in time; then the code is
     * exchanged and the ID token verified, and the account signed in, linked or made.
     */
    async completeSignIn(
      meta: CommandMeta,
      input: { callbackUrl: URL; browserBinding: string | null; ip: string | null },
    ): Promise<SessionGrant> {
      const state = input.callbackUrl.searchParams.get('state');
      const { start, provider, stream } = await startedRoundTrip(meta, state, input.browserBinding);
      if (input.callbackUrl.searchParams.has('error')) throw new SchoolSignInRefused('idp_refused', 'Your school did not sign you in.');
      const checks = JSON.parse(unseal(deps.serverSecret, start.checksSealed)) as { nonce: string; codeVerifier: string };
      let answer: VerifiedAnswer;
      try {
        answer = await verifiedAnswer(await clientOf(provider), input.callbackUrl, { state: state!, ...checks });
      } catch (error) {
        throw verificationFailed(error);
      }
      return vouched(meta, { stream, browserBinding: input.browserBinding, provider, identity: answer, ip: input.ip });
    },

    /**
     * The SAML assertion consumer: the RelayState names the AuthnRequest we issued (unused, in time,
     * this browser's); node-saml then checks the response's signature, issuer, audience, validity
     * window and that it answers that request; the account is signed in as OIDC's callback does.
     */
    async completeSamlSignIn(
      meta: CommandMeta,
      input: { relayState: string | null; samlResponse: string | null; browserBinding: string | null; ip: string | null },
    ): Promise<SessionGrant> {
      const { provider, stream } = await startedRoundTrip(meta, input.relayState, input.browserBinding);
      if (!provider.saml || !input.samlResponse)
        throw new SchoolSignInRefused('verification_failed', 'The identity provider sent no SAML response.');
      let answer: Awaited<ReturnType<typeof verifiedSamlAnswer>>;
      try {
        answer = await verifiedSamlAnswer(provider.saml, await serviceProvider(), input.relayState!, input.samlResponse);
      } catch (error) {
        throw verificationFailed(error);
      }
      // SAML has no email_verified: the school's IdP, signing for an address of its own domains, vouches for it.
      const identity = { subject: answer.subject, emailAddress: answer.emailAddress, emailVerified: true, claims: answer.attributes };
      return vouched(meta, { stream, browserBinding: input.browserBinding, provider, identity, ip: input.ip, saml: answer.session });
    },

    /**
     * Where to send the browser after our sign-out of a session a school sign-in opened, or null: an
     * OIDC IdP's end_session_endpoint (RP-initiated logout), or a SAML IdP's single logout address
     * carrying our signed LogoutRequest for the session's NameID and SessionIndex, recorded so that
     * only the IdP's answer to it is taken. Asked before the session ends (it needs the viewer).
     */
    async startSignOut(meta: CommandMeta, sessionId: string): Promise<string | null> {
      const session = await schoolSessionOf(pool, sessionId);
      if (!session) return null;
      const { provider } = session;
      if (provider.saml) {
        if (!provider.saml.sloUrl || !session.saml) return null; // no single logout at that IdP, or a session from before it
        const requestId = newRequestId();
        const url = await logoutRequestUrl(provider.saml, await serviceProvider(), requestId, session.saml);
        await commands.execute(meta, async (tx) => {
          const expiresAt = new Date(tx.now.getTime() + SAML_LOGOUT_LIFETIME_MS).toISOString();
          tx.append(
            ssoStreams.logout(hashToken(requestId)),
            [{ type: 'SamlLogoutRequested', data: { providerId: provider.id, sessionId, expiresAt } }],
            'no_stream',
          );
        });
        return url;
      }
      try {
        return endSessionUrl(await clientOf(provider), { postLogoutRedirectUri: `${deps.publicUrl}/auth/sign_in` });
      } catch {
        return null; // the IdP is away: our own session still ends
      }
    },

    /** Our SP metadata (its signing key made on first use). */
    async serviceProviderMetadata(): Promise<string> {
      return serviceProviderMetadata(await serviceProvider());
    },

    /**
     * A message at our single logout service. The IdP's LogoutResponse must answer a LogoutRequest we
     * sent (unanswered, in time) and be signed by that provider's IdP. The IdP's LogoutRequest, signed,
     * ends every session of ours with its NameID (and SessionIndex, when it names one) at a provider of
     * that IdP, and is answered by our signed LogoutResponse (`responseUrl`, for a browser to carry).
     * Anything unverified throws SamlLogoutRefused, with nothing ended.
     */
    async samlLogout(
      meta: CommandMeta,
      message: SamlLogoutMessage,
    ): Promise<{ kind: 'response' } | { kind: 'request'; responseUrl: string; appended?: AppendResult }> {
      let header: ReturnType<typeof logoutHeader>;
      try {
        header = logoutHeader(message);
      } catch (error) {
        throw new SamlLogoutRefused((error as Error).message);
      }
      const sp = await serviceProvider();
      if (header.kind === 'response') {
        // Our request's id is the stream's key; what the response says is checked against it once verified.
        const requestId = header.inResponseTo;
        if (!requestId || requestId.length > 200) throw new SamlLogoutRefused('The LogoutResponse answers no request of ours.');
        const stream = ssoStreams.logout(hashToken(requestId));
        const { result: request } = await commands.execute(meta, async (tx) => {
          const events = (await tx.read(stream)) as SamlLogoutEvent[];
          const requested = events.find((e): e is SamlLogoutRequested => e.type === 'SamlLogoutRequested');
          if (!requested) throw new SamlLogoutRefused('Tertulia sent no such LogoutRequest.');
          if (events.some((e) => e.type === 'SamlLogoutCompleted')) throw new SamlLogoutRefused('This LogoutRequest was answered already.');
          if (new Date(requested.data.expiresAt) <= tx.now) throw new SamlLogoutRefused('The LogoutResponse came too late.');
          return requested.data;
        });
        const provider = await findIdentityProvider(pool, request.providerId);
        if (!provider?.saml) throw new SamlLogoutRefused('This school sign-in is no longer configured.');
        try {
          await verifyLogoutResponse(provider.saml, sp, requestId, message);
        } catch (error) {
          throw new SamlLogoutRefused((error as Error).message);
        }
        await commands.execute(meta, async (tx) => {
          await tx.read(stream);
          tx.append(stream, [{ type: 'SamlLogoutCompleted', data: { providerId: provider.id } }]);
        });
        return { kind: 'response' };
      }
      const providers = (await samlProvidersOfIdp(pool, header.issuer)).filter((p) => p.saml);
      let verified: { provider: IdentityProviderRow; request: Awaited<ReturnType<typeof verifiedLogoutRequest>> } | null = null;
      let failure = 'No school sign-in of Tertulia uses this identity provider.';
      for (const provider of providers) {
        try {
          verified = { provider, request: await verifiedLogoutRequest(provider.saml!, sp, message) };
          break;
        } catch (error) {
          failure = (error as Error).message;
        }
      }
      if (!verified) throw new SamlLogoutRefused(failure);
      const { provider, request } = verified;
      const sessions = await schoolSessionsNamed(pool, provider.id, request);
      const { appended } = await commands.execute(meta, async (tx) => {
        const ended: string[] = [];
        for (const session of sessions) {
          const signOut = decideSignOut(await loadAccount(tx, session.accountId), { sessionId: session.sessionId });
          tx.append(accountStreams.account(session.accountId), signOut);
          if (signOut.length) ended.push(session.sessionId);
        }
        const stream = ssoStreams.logout(hashToken(`${provider.id}:${request.requestId}`));
        await tx.read(stream);
        tx.append(stream, [{ type: 'SamlLogoutReceived', data: { providerId: provider.id, sessionIds: ended } }]);
      });
      const responseUrl = await logoutResponseUrl(provider.saml!, sp, request.requestId, message.fields.RelayState ?? null);
      return { kind: 'request', responseUrl, appended };
    },
  };
}

export type SsoHandlers = ReturnType<typeof ssoHandlers>;
