/**
 * A platform's public keys (its JWKS URL): checked when an admin saves the URL, and used through
 * jose's remote key set (cached, refetched when a token names an unknown kid: key rotation).
 */
import { createRemoteJWKSet, importJWK, type JWK } from 'jose';
import { badInput, type Refusal } from '../../domain/shared/errors';
import { knownRefusal } from '../../i18n/translate';

export const KeySetMessages = {
  unreachable: 'The JWKS URL could not be fetched: check the address and that it is reachable from this server.',
  status: (status: number) => knownRefusal('errors.ltiKeySet.status', { status: String(status) }),
  notJson: 'The JWKS URL did not answer JSON.',
  noKeys: 'The JWKS URL answered no RS256 signing key (a JSON object with a "keys" list of RSA keys).',
};

const FETCH_TIMEOUT_MS = 5_000;
const MAX_BYTES = 100_000;

/** Throws BAD_USER_INPUT on the jwksUrl field saying what failed; resolves when at least one RS256 key parses. */
export async function checkKeySet(jwksUrl: string): Promise<void> {
  const fail = (message: Refusal) => badInput(message, { jwksUrl: message });
  let res: Response;
  try {
    res = await fetch(jwksUrl, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'follow',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw fail(KeySetMessages.unreachable);
  }
  if (!res.ok) throw fail(KeySetMessages.status(res.status));
  const body = await res.text();
  let parsed: unknown;
  try {
    if (body.length > MAX_BYTES) throw new Error('too large');
    parsed = JSON.parse(body);
  } catch {
    throw fail(KeySetMessages.notJson);
  }
  const keys = (parsed as { keys?: unknown })?.keys;
  if (!Array.isArray(keys)) throw fail(KeySetMessages.noKeys);
  const usable = await Promise.all(
    keys.map(async (key: JWK) => {
      if (key?.kty !== 'RSA' || (key.alg && key.alg !== 'RS256') || (key.use && key.use !== 'sig')) return false;
      return importJWK(key, 'RS256').then(
        () => true,
        () => false,
      );
    }),
  );
  if (!usable.some(Boolean)) throw fail(KeySetMessages.noKeys);
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** One remote key set per URL for the process (jose caches the keys and refetches on an unknown kid). */
export function remoteKeySet(jwksUrl: string) {
  let set = keySets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: FETCH_TIMEOUT_MS, cooldownDuration: 30_000 });
    keySets.set(jwksUrl, set);
  }
  return set;
}
