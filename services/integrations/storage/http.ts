/**
 * GET /files/<key>: a stored file with its stored content type, `X-Content-Type-Options: nosniff`
 * (a browser never second-guesses the type) and a sandboxing CSP, cached for a year (keys are never
 * reused). Keys are random and unguessable; anything not shaped like a server-made key is a 404.
 */
import type express from 'express';
import { sendError } from '../../api/httpErrors';
import { isStorageKey, type FileStorage } from './port';

export function mountFiles(app: express.Express, storage: FileStorage) {
  app.get(/^\/files\/(.+)$/, async (req, res, next) => {
    try {
      const key = (req.params as unknown as Record<string, string>)[0];
      const file = isStorageKey(key) ? await storage.get(key) : null;
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (!file) {
        sendError(res, 404, 'NOT_FOUND', 'Not found.');
        return;
      }
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Length', String(file.bytes.length));
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.end(file.bytes);
    } catch (error) {
      next(error);
    }
  });
}
