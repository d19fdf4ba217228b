/**
 * An LTI id_token checked with jose against the platform's JWKS: RS256 signature, issuer, audience
 * (our client id), exp/nbf/iat within CLOCK_SKEW_SECONDS, age at most MAX_TOKEN_AGE_SECONDS; then
 * the LTI claims (services/domain/lti/claims.ts). Any failure is a LaunchRefused with its reason.
 */
import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import {
  CLOCK_SKEW_SECONDS,
  LaunchRefused,
  type LaunchRefusal,
  MAX_TOKEN_AGE_SECONDS,
  checkLaunchClaims,
  type VerifiedLaunch,
} from '../../domain/lti/claims';
import { remoteKeySet } from './keySet';

export interface PlatformKeys {
  issuer: string;
  clientId: string;
  deploymentIds: readonly string[];
  jwksUrl: string;
}

export async function verifyIdToken(
  idToken: string,
  platform: PlatformKeys,
  nonceHash: string,
  now: Date,
  keys: JWTVerifyGetKey = remoteKeySet(platform.jwksUrl),
): Promise<VerifiedLaunch> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ['iat', 'exp', 'sub', 'nonce'],
      currentDate: now,
    }));
  } catch (error) {
    throw new LaunchRefused(reasonOf(error));
  }
  return checkLaunchClaims(payload, { clientId: platform.clientId, nonceHash, deploymentIds: platform.deploymentIds });
}

function reasonOf(error: unknown): LaunchRefusal {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'audience';
    if (error.claim === 'iss') return 'issuer';
    if (error.claim === 'iat' || error.claim === 'nbf') return 'notYetValid';
    if (error.claim === 'sub') return 'subject';
    if (error.claim === 'nonce') return 'nonce';
    return 'malformed';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) return 'signature';
  return 'malformed';
}
