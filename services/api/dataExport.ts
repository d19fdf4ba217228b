/**
 * GET /data-export/<personId>/<token>: the mailed link of a person's data export (issue 34). No
 * sign-in: the token is the key, checked against its hash in the log, good for one download within
 * 7 days. A used, expired or unknown link answers a plain sentence saying so and what to do; the
 * download is recorded before the first byte leaves, so a second request is refused even while the
 * first is still streaming.
 */
import express from 'express';
import { textProblem } from '../../contracts/validation/limits';
import type { Runtime } from '../app/runtime';
import { ExportMessages } from '../domain/export/export';
import { DATA_EXPORT_PATH } from '../domain/export/handlers';
import { SYSTEM_ACTOR } from '../domain/shared/decider';
import { DomainError, type Refusal } from '../domain/shared/errors';
import { domainRefusal, sayToCaller } from './httpErrors';

export { DATA_EXPORT_PATH };

const STATUS: Record<string, number> = { NOT_FOUND: 404, CONFLICT: 410 };

async function refuse(res: express.Response, status: number, message: Refusal) {
  const said = await sayToCaller(res, message);
  if (!res.headersSent) res.status(status).type('text/plain; charset=utf-8').send(said);
}

export function dataExportRouter(runtime: Pick<Runtime, 'dataExport' | 'storage'>): express.Router {
  const router = express.Router();
  router.get('/:personId/:token', async (req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    try {
      const { personId, token } = req.params;
      if (textProblem(personId, 64) || textProblem(token, 100)) return refuse(res, 404, ExportMessages.linkUnknown);
      const key = await runtime.dataExport.download({ actor: SYSTEM_ACTOR }, { personId, token });
      const info = await runtime.storage.stat(key);
      const body = info && (await runtime.storage.stream(key, { start: 0, end: info.size - 1 }));
      if (!info || !body) return refuse(res, 410, ExportMessages.linkUnknown);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Length', String(info.size));
      res.setHeader('Content-Disposition', 'attachment; filename="tertulia-my-data.zip"');
      body.on('error', next).pipe(res);
    } catch (error) {
      if (error instanceof DomainError && STATUS[error.code]) return refuse(res, STATUS[error.code], domainRefusal(error));
      next(error);
    }
  });
  return router;
}
