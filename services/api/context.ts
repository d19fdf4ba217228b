/**
 * Builds each operation's context: who is asking (from the `auth_token` cookie, an
 * `Authorization: Bearer` header, or the WebSocket's connectionParams), the request id and the IP.
 * A token counts only while its session is open, so sign-out takes effect at once (the open
 * sessions a process remembers are forgotten on every sign-out: ./sessionCache.ts).
 */
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { findOpenSessions } from '../../projections/accounts';
import { coalescedLookup } from '../db/coalesce';
import type { ReadAfter } from '../../contracts/readAfter';
import type { Runtime } from '../app/runtime';
import type { Viewer } from './auth';
import { readAfterOf, waitForReadAfter } from './readAfter';
import type { OpenSession } from './sessionCache';

export interface ApiContext {
  runtime: Runtime;
  viewer: Viewer | null;
  requestId: string;
  ip: string | null;
  log: Logger;
  /** The request's Accept-Language (the web sends its page's language); see services/i18n/locale.ts. */
  acceptLanguage: string | null;
  /** Where this operation's answered-before-settled writes are, for the response (./readAfter.ts). */
  written: ReadAfter | null;
}

export function tokenFromHeaders(headers: { get(name: string): string | null }): string | null {
  const auth = headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null;
  const cookie = headers.get('cookie');
  const match = cookie?.match(/(?:^|;\s*)auth_token=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/**
 * The sessions of requests that arrive together, looked up in one statement (services/db/coalesce.ts),
 * each as open or not at the moment the statement is sent.
 */
const openSessionLookups = new WeakMap<object, (sessionId: string) => Promise<OpenSession | null>>();
function openSessionOf(pool: Runtime['pool'], sessionId: string) {
  let lookup = openSessionLookups.get(pool);
  if (!lookup) {
    lookup = coalescedLookup((ids: string[]) => findOpenSessions(pool, ids, new Date()));
    openSessionLookups.set(pool, lookup);
  }
  return lookup(sessionId);
}

export async function viewerFromToken(runtime: Runtime, token: string | null): Promise<Viewer | null> {
  if (!token) return null;
  const claims = await runtime.tokens.verify(token);
  if (!claims) return null;
  const session = await runtime.sessions.get(claims.sessionId, new Date(), () => openSessionOf(runtime.pool, claims.sessionId));
  if (!session || session.accountId !== claims.accountId) return null;
  return { accountId: claims.accountId, sessionId: claims.sessionId, roles: session.roles };
}

export async function buildContext(
  runtime: Runtime,
  input: { headers: { get(name: string): string | null }; ip: string | null; token?: string | null; requestId?: string | null },
): Promise<ApiContext> {
  const requestId = input.requestId || crypto.randomUUID();
  // Before anything reads: the caller's own writes, answered before they settled, are readable.
  const readAfter = readAfterOf(runtime, input.headers);
  if (readAfter) await waitForReadAfter(runtime, readAfter, runtime.log.child({ requestId }));
  const viewer = await viewerFromToken(runtime, input.token ?? tokenFromHeaders(input.headers));
  return {
    runtime,
    viewer,
    requestId,
    ip: input.ip,
    log: runtime.log.child({ requestId, accountId: viewer?.accountId }),
    acceptLanguage: input.headers.get('accept-language'),
    written: null,
  };
}
