/**
 * Cross-site request forgery on /graphql (issue 27). Two rules, before GraphQL sees the request:
 *
 * 1. A POST is JSON (`Content-Type: application/json`), as GraphQL over HTTP asks: a form post
 *    (urlencoded, multipart, text/plain) — the kind another site can send without a preflight — is
 *    415, whatever it holds.
 * 2. A request that would be authenticated by the `auth_token` cookie (no `Authorization` header)
 *    carries `x-graphql-csrf` (or Apollo's `apollo-require-preflight`) with any value: a header
 *    another site's page cannot add without a preflight, which CORS refuses it (./cors.ts). Without
 *    it: 403, the cookie unused. GET queries included (a link or an image would send the cookie).
 *
 * The web app sends the header on every call (web/src/lib/apollo.ts).
 */
import type express from 'express';
import { CSRF_HEADER, CSRF_MESSAGES } from './apiMessages';
import { sendError } from './httpErrors';

const PREFLIGHT_HEADERS = [CSRF_HEADER, 'apollo-require-preflight'];

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? '');
const hasAuthCookie = (cookie: string | undefined) => !!cookie && /(?:^|;\s*)auth_token=[^;]/.test(cookie);

export function csrfPrevention(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.method === 'POST' && !isJson(req.headers['content-type'])) {
    sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', CSRF_MESSAGES.json);
    return;
  }
  if (!req.headers.authorization && hasAuthCookie(req.headers.cookie) && !PREFLIGHT_HEADERS.some((h) => req.get(h))) {
    sendError(res, 403, 'CSRF_REFUSED', CSRF_MESSAGES.header);
    return;
  }
  next();
}
