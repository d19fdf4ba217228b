/**
 * The equipment check's connection-speed test (issue 9; spec 2, section 9: 'at least 1 Mbps down
 * and 1 Mbps up'), measured against our own server:
 *
 * - `GET  /api/throughput/download?bytes=N` streams N bytes of noise (default 2 MB, at most 8 MB,
 *   never cached) for the browser to time;
 * - `POST /api/throughput/upload` reads up to 8 MB of body and answers `{ bytes, ms }`, the time
 *   from the request's headers to its last byte; a body over 8 MB is a 413.
 *
 * No sign-in (the check runs before a first conversation too), but every request counts against a
 * per-IP limit (LIMITS.throughputPerIp) so the endpoints cannot be used to flood the server.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express from 'express';
import { ErrorCode } from '../../contracts/errors';
import { THROUGHPUT_DEFAULT_BYTES, THROUGHPUT_MAX_BYTES, type UploadResult } from '../../contracts/throughput';
import { DomainError } from '../domain/shared/errors';
import { LIMITS, type RateLimiter } from '../security/rateLimit';
import { domainRefusal, sendError } from './httpErrors';
import { HttpMessages } from './apiMessages';

/** Incompressible bytes, sent over and over: no per-request cost but the copy to the socket. */
const NOISE = crypto.randomBytes(64 * 1024);

function* noise(bytes: number): Generator<Buffer> {
  for (let left = bytes; left > 0; left -= NOISE.length) yield left >= NOISE.length ? NOISE : NOISE.subarray(0, left);
}

/** The size a download asks for: the default when absent, capped at the maximum; null when not a number. */
export function requestedBytes(raw: unknown): number | null {
  if (raw === undefined) return THROUGHPUT_DEFAULT_BYTES;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return null;
  return Math.min(Number(raw), THROUGHPUT_MAX_BYTES);
}

const MAX_MB = THROUGHPUT_MAX_BYTES / (1024 * 1024);

/**
 * Reads and drops what the client still sends of a refused body, so a browser that sends it anyway
 * gets to read the answer; past another cap's worth, drops the connection instead.
 */
function discardBody(req: express.Request) {
  let discarded = 0;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > THROUGHPUT_MAX_BYTES) req.destroy();
  });
  req.resume();
}

function refuseTooLarge(req: express.Request, res: express.Response) {
  res.setHeader('connection', 'close');
  sendError(res, 413, 'PAYLOAD_TOO_LARGE', HttpMessages.uploadTooLarge(MAX_MB));
  discardBody(req);
}

export function throughputRouter(rateLimiter: RateLimiter): express.Router {
  const router = express.Router();

  router.use(async (req, res, next) => {
    res.locals.startedAt = performance.now();
    res.setHeader('cache-control', 'no-store');
    try {
      await rateLimiter.hit([LIMITS.throughputPerIp(req.ip ?? 'unknown')]);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== ErrorCode.RATE_LIMITED) throw error;
      if (req.method === 'POST') discardBody(req);
      sendError(res, 429, ErrorCode.RATE_LIMITED, domainRefusal(error));
      return;
    }
    next();
  });

  router.get('/download', async (req, res) => {
    const bytes = requestedBytes(req.query.bytes);
    if (bytes === null) {
      sendError(res, 400, 'BAD_REQUEST', HttpMessages.bytesNotWhole);
      return;
    }
    res
      .status(200)
      .set({ 'content-type': 'application/octet-stream', 'content-length': String(bytes), 'x-content-type-options': 'nosniff' });
    try {
      await pipeline(Readable.from(noise(bytes)), res);
    } catch {
      // The browser stopped reading (left the page, or cancelled the check): nothing to answer.
    }
  });

  router.post('/upload', (req, res) => {
    const startedAt = res.locals.startedAt as number;
    if (Number(req.headers['content-length']) > THROUGHPUT_MAX_BYTES) {
      refuseTooLarge(req, res);
      return;
    }
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > THROUGHPUT_MAX_BYTES) refuseTooLarge(req, res);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      res.json({ bytes, ms: Math.round((performance.now() - startedAt) * 10) / 10 } satisfies UploadResult);
    });
  });

  return router;
}
