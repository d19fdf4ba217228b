/** Auth tokens: HS256 JWTs carrying the account (sub) and the session (sid), with exp. */
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  accountId: string;
  sessionId: string;
}

/** Tokens already verified, kept until they expire (the session itself is still checked on every request). */
const VERIFIED_LIMIT = 10_000;

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  // A signature check is pure and costs as much as a database round trip: do it once per token.
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.accountId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
        const claims = { accountId: payload.sub, sessionId: payload.sid };
        if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
