/**
 * The browser recorder's upload (issue 10; contract in .scratch/archive-contract.md), with the
 * same auth cookie or bearer token as /graphql; only the conversation's speaker or an admin:
 * - PUT  /api/conversations/:id/archive/chunks/:index  raw bytes (at most MAX_ARCHIVE_CHUNK_BYTES);
 *   the same index again changes nothing and answers 200 too; 409 once the upload is complete.
 * - GET  /api/conversations/:id/archive/chunks          {received: number[]} (to resume)
 * - POST /api/conversations/:id/archive/complete        {chunkCount, durationSeconds} → 202, or 409
 *   with the missing indexes.
 */
import express from 'express';
import { intLimit, textLimit } from '../../contracts/validation/limits';
import { MAX_ARCHIVE_CHUNKS, MAX_ARCHIVE_CHUNK_BYTES } from '../domain/archive/archive';
import { badInput } from '../domain/shared/errors';
import { LimitMessages, limitRefusal } from '../domain/shared/limits';
import type { Runtime } from '../app/runtime';
import { isAdmin, requireViewer, actorOf } from './auth';
import { tokenFromHeaders, viewerFromToken } from './context';
import { HttpMessages } from './apiMessages';
import { knowCaller, sendDomainError, sendError } from './httpErrors';

export const ARCHIVE_UPLOAD_PATH = '/api/conversations';
const ID_MAX = 64;
const MAX_DURATION_SECONDS = 24 * 3600;

function conversationIdOf(req: express.Request): string {
  const id = String(req.params.id ?? '');
  const problem = textLimit(id, ID_MAX);
  if (problem || !id) throw badInput(limitRefusal('conversationId', problem ?? LimitMessages.required()));
  return id;
}

function chunkIndexOf(req: express.Request): number {
  const raw = String(req.params.index ?? '');
  const index = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  const problem = intLimit(index, { min: 0, max: MAX_ARCHIVE_CHUNKS - 1 });
  if (problem) throw badInput(limitRefusal('chunkIndex', problem));
  return index;
}

export function archiveUploadRouter(runtime: Runtime): express.Router {
  const router = express.Router();
  const uploader = async (req: express.Request, res: express.Response) => {
    const viewer = requireViewer(await viewerFromToken(runtime, tokenFromHeaders({ get: (n) => req.get(n) ?? null })));
    knowCaller(res, runtime, viewer);
    return {
      viewer,
      meta: { actor: actorOf(viewer), correlationId: req.get('x-request-id') },
      who: { accountId: viewer.accountId, isAdmin: isAdmin(viewer) },
    };
  };
  const raw = express.raw({ type: () => true, limit: MAX_ARCHIVE_CHUNK_BYTES });
  // Who is asking is known before a byte of the body is read: strangers are not buffered.
  const signedIn: express.RequestHandler = async (req, res, next) => {
    try {
      res.locals.uploader = await uploader(req, res);
      next();
    } catch (error) {
      sendDomainError(res, error, next);
    }
  };

  router.put('/:id/archive/chunks/:index', signedIn, raw, async (req, res, next) => {
    try {
      const conversationId = conversationIdOf(req);
      const index = chunkIndexOf(req);
      const { meta, who } = res.locals.uploader as Awaited<ReturnType<typeof uploader>>;
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      await runtime.archive.receiveChunk(meta, { conversationId, index, bytes, viewer: who });
      res.setHeader('Cache-Control', 'no-store');
      res.json({ received: true });
    } catch (error) {
      sendDomainError(res, error, next);
    }
  });

  router.get('/:id/archive/chunks', async (req, res, next) => {
    try {
      const conversationId = conversationIdOf(req);
      const { meta, who } = await uploader(req, res);
      const received = await runtime.archive.receivedChunks(meta, { conversationId, viewer: who });
      res.setHeader('Cache-Control', 'no-store');
      res.json({ received });
    } catch (error) {
      sendDomainError(res, error, next);
    }
  });

  router.post('/:id/archive/complete', express.json({ limit: '1kb' }), async (req, res, next) => {
    try {
      const conversationId = conversationIdOf(req);
      const { meta, who } = await uploader(req, res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const chunkCount = typeof body.chunkCount === 'number' ? body.chunkCount : NaN;
      const countProblem = intLimit(chunkCount, { min: 1, max: MAX_ARCHIVE_CHUNKS });
      if (countProblem) throw badInput(limitRefusal('chunkCount', countProblem));
      let durationSeconds: number | null = null;
      if (body.durationSeconds != null) {
        const d = body.durationSeconds;
        if (typeof d !== 'number' || !Number.isFinite(d) || d < 0 || d > MAX_DURATION_SECONDS) {
          throw badInput(limitRefusal('durationSeconds', { kind: 'between', min: 0, max: MAX_DURATION_SECONDS }));
        }
        durationSeconds = d;
      }
      const outcome = await runtime.archive.completeUpload(meta, { conversationId, chunkCount, durationSeconds, viewer: who });
      if (!outcome.enqueued) {
        await sendError(res, 409, 'CONFLICT', HttpMessages.chunksMissing, { missing: outcome.missing });
        return;
      }
      await runtime.runner.waitFor(outcome.appended?.checkpoint, ['archives']);
      res.status(202).json({ enqueued: true });
    } catch (error) {
      sendDomainError(res, error, next);
    }
  });

  return router;
}
