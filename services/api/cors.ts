/**
 * The one CORS policy of every route (issue 27): the product's own origin (PUBLIC_URL) and the
 * origins listed in CORS_ORIGINS get `Access-Control-Allow-Origin` with credentials; any other
 * origin, `null` included, gets no CORS header at all (its page cannot read the answer), and its
 * preflight is refused. An origin is never reflected because it asked.
 */
import type express from 'express';
import { READ_AFTER_HEADER, WRITTEN_HEADER } from '../../contracts/readAfter';

export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-graphql-csrf',
  'apollo-require-preflight',
  'x-tertulia-build',
  'x-request-id',
  READ_AFTER_HEADER,
];
/** Response headers a listed origin's page may read (a mutation's read-after mark: contracts/readAfter.ts). */
const EXPOSED_HEADERS = [WRITTEN_HEADER, 'x-request-id'];
const ALLOWED_METHODS = 'GET, POST';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function allowedOrigins(publicUrl: string, corsOrigins: string[]): Set<string> {
  return new Set([new URL(publicUrl).origin, ...corsOrigins]);
}

export function corsPolicy(allowed: Set<string>): express.RequestHandler {
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.headers.origin;
    const ok = typeof origin === 'string' && allowed.has(origin);
    if (ok) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    }
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      if (!ok) {
        res.status(403).end();
        return;
      }
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      res.status(204).end();
      return;
    }
    next();
  };
}
