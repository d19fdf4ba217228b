/**
 * GET /files/<key>: a stored file with its stored content type, `X-Content-Type-Options: nosniff`
 * (a browser never second-guesses the type) and a sandboxing CSP, cached for a year (keys are never
 * reused). Keys are random and unguessable; anything not shaped like a server-made key is a 404.
 * Private folders (archives, ./signed.ts) answer only with a valid, unexpired signature, uncached.
 * Streamed from the store, never whole in memory, and a single byte range is answered (206), as a
 * video player asks for one to seek.
 */
import type express from 'express';
import { pipeline } from 'node:stream/promises';
import { sendError } from '../../api/httpErrors';
import { HttpMessages } from '../../api/apiMessages';
import { isStorageKey, type ByteRange, type FileStorage } from './port';
import { cacheControlFor, isPrivateKey } from './signed';

/**
 * The one byte range a `Range` header asks for in a file of `size` bytes: null for the whole file
 * (no header, another unit, several ranges or a malformed one, which a server may ignore), or
 * 'unsatisfiable' when it starts past the end.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    // A suffix: the last n bytes.
    const length = Number(match[2]);
    if (!length || !size) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : Number.MAX_SAFE_INTEGER;
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

export function mountFiles(app: express.Express, storage: FileStorage) {
  app.get(/^\/files\/(.+)$/, async (req, res, next) => {
    try {
      const key = (req.params as unknown as Record<string, string>)[0];
      // A private file (an archive) needs its short-lived signature; without one it is not there.
      const allowed = isStorageKey(key) && (!isPrivateKey(key) || storage.verifySignature(key, req.query.expires, req.query.signature));
      const file = allowed ? await storage.stat(key) : null;
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (!file) {
        sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);
        return;
      }
      const range = requestedRange(req.headers.range, file.size);
      if (range === 'unsatisfiable') {
        res.status(416).setHeader('Content-Range', `bytes */${file.size}`);
        res.end();
        return;
      }
      const { start, end } = range ?? { start: 0, end: file.size - 1 };
      const wanted = req.method !== 'HEAD' && end >= start; // an empty file has no bytes to send
      const body = wanted ? await storage.stream(key, { start, end }) : null;
      if (wanted && !body) {
        sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound); // deleted since it was looked up
        return;
      }
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cache-Control', cacheControlFor(key));
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('Content-Length', String(end - start + 1));
      if (range) res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${file.size}`);
      if (body) await pipeline(body, res);
      else res.end();
    } catch (error) {
      // A player that seeks closes its request mid-way: nothing to answer, nothing to log.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      next(error);
    }
  });
}
