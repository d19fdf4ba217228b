/**
 * GET /files/<key>: a stored file with its stored content type, `X-Content-Type-Options: nosniff`
 * (a browser never second-guesses the type) and a sandboxing CSP, cached for a year (keys are never
 * reused). Keys are random and unguessable; anything not shaped like a server-made key is a 404.
 * Private folders (archives, ./signed.ts) answer only with a valid, unexpired signature, uncached.
 */
import type express from 'express';
import { sendError } from '../../api/httpErrors';
import { isStorageKey, type FileStorage } from './port';
import { cacheControlFor, isPrivateKey } from './signed';

export function mountFiles(app: express.Express, storage: FileStorage) {
  app.get(/^\/files\/(.+)$/, async (req, res, next) => {
    try {
      const key = (req.params as unknown as Record<string, string>)[0];
      // A private file (an archive) needs its short-lived signature; without one it is not there.
      const signedPrivate = isPrivateKey(key);
      const allowed = isStorageKey(key) && (!signedPrivate || storage.verifySignature(key, req.query.expires, req.query.signature));
      const file = allowed ? await storage.get(key) : null;
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (!file) {
        sendError(res, 404, 'NOT_FOUND', 'Not found.');
        return;
      }
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Length', String(file.bytes.length));
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cache-Control', cacheControlFor(key));
      res.end(file.bytes);
    } catch (error) {
      next(error);
    }
  });
}
