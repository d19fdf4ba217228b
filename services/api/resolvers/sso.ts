/**
 * Single sign-on (issue 33): the schools' identity providers in the back-office (admins only; the
 * client secret is never an answer's field), and the IdP logout address of a school session (with
 * our signed SAML LogoutRequest).
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { adminIdentityProvidersSource, findIdentityProvider } from '../../../projections/sso';
import { X509Certificate } from 'node:crypto';
import { SAML_ACS_PATH, SAML_METADATA_PATH, SCHOOL_SIGN_IN_CALLBACK_PATH } from '../../domain/sso/handlers';
import { LIMITS } from '../../security/rateLimit';
import { domainOf } from '../../domain/sso/rules';
import { adminConnection } from '../adminConnection';
import { requireAdmin, requireViewer } from '../auth';
import { commandMeta, readBack, settled } from '../commandSupport';
import { ReadBackMessages } from '../apiMessages';

export const ssoResolvers: Resolvers = {
  Query: {
    identityProviderTable: (_p, args, ctx) => adminConnection(ctx, adminIdentityProvidersSource, args),
    identityProvider: async (_p, { identityProviderId }, ctx) => {
      requireAdmin(ctx.viewer);
      return await findIdentityProvider(ctx.runtime.pool, identityProviderId);
    },
  },
  IdentityProvider: {
    clientSecretSetAt: (p) => p.secretReplacedAt,
    redirectUri: (_p, _args, ctx) => `${ctx.runtime.config.publicUrl}${SCHOOL_SIGN_IN_CALLBACK_PATH}`,
    saml: (p, _args, ctx) =>
      p.saml && {
        metadataUrl: p.saml.metadataUrl,
        entityId: p.saml.entityId,
        ssoUrl: p.saml.ssoUrl,
        certificateValidUntil: new Date(
          Math.min(...p.saml.signingCertificates.map((c) => Date.parse(new X509Certificate(Buffer.from(c, 'base64')).validTo))),
        ),
        serviceProviderEntityId: `${ctx.runtime.config.publicUrl}${SAML_METADATA_PATH}`,
        assertionConsumerServiceUrl: `${ctx.runtime.config.publicUrl}${SAML_ACS_PATH}`,
      },
  },
  Mutation: {
    startSchoolSignOut: async (_p, _args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      return await ctx.runtime.sso.startSignOut(commandMeta(ctx), viewer.sessionId);
    },
    startSchoolSignIn: async (_p, { input }, ctx) => {
      const domain = domainOf(input.emailAddress);
      await ctx.runtime.rateLimiter.hit([
        ...(ctx.ip ? [LIMITS.schoolSignInsPerIp(ctx.ip)] : []),
        ...(domain ? [LIMITS.schoolSignInsPerDomain(domain)] : []),
      ]);
      const { url } = await ctx.runtime.sso.startSignIn(commandMeta(ctx), {
        emailAddress: input.emailAddress,
        browserBinding: input.browserBinding,
      });
      return { authorizationUrl: url };
    },
    saveIdentityProvider: async (_p, { input }, ctx) => {
      requireAdmin(ctx.viewer);
      const { result, appended } = await ctx.runtime.sso.saveIdentityProvider(commandMeta(ctx), {
        providerId: input.identityProviderId ?? null,
        kind: input.kind ?? 'OIDC',
        samlMetadataUrl: input.samlMetadataUrl ?? null,
        samlMetadataXml: input.samlMetadataXml ?? null,
        displayName: input.displayName,
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecret: input.clientSecret ?? null,
        scopes: input.scopes,
        domains: input.domains,
        instructorClaimName: input.instructorClaimName ?? null,
        instructorClaimValue: input.instructorClaimValue ?? null,
        passwordSignInAllowed: input.passwordSignInAllowed,
      });
      await settled(ctx, appended, ['sso']);
      const provider = await findIdentityProvider(ctx.runtime.pool, result.providerId);
      return {
        changed: result.changed,
        identityProvider: readBack(provider, ReadBackMessages.identityProviderSaved),
      };
    },
  },
};
