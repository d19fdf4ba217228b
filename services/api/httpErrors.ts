/**
 * The one error shape of every route outside GraphQL: `{ "error": { "code", "message" } }` with a
 * matching HTTP status, in every mode. Never a stack trace or an HTML page: express's own handler is
 * never reached. GraphQL answers its errors in `errors[].extensions.code` (services/api/yoga.ts).
 */
import type express from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../domain/shared/errors';
import { loggedPath } from '../security/mailTokens';

export interface HttpErrorBody {
  error: { code: string; message: string };
}

export function sendError(res: express.Response, status: number, code: string, message: string): void {
  if (res.headersSent) return;
  res.status(status).json({ error: { code, message } } satisfies HttpErrorBody);
}

/** What a client is told about an error thrown by express or its body parsers. */
function describe(error: unknown): { status: number; code: string; message: string } {
  const e = error as { status?: unknown; statusCode?: unknown; type?: unknown };
  const status = Number(e?.status ?? e?.statusCode);
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
  if (status === 404 || (error as { code?: unknown })?.code === 'ENOENT') return { status: 404, code: 'NOT_FOUND', message: 'Not found.' };
  if (e?.type === 'entity.parse.failed') return { status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' };
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported')
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body has an unsupported encoding.' };
  if (Number.isInteger(status) && status >= 400 && status < 500)
    return { status, code: 'BAD_REQUEST', message: 'The request could not be understood.' };
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side. Please try again.' };
}

/** Mount last: answers every error in the one shape; logs unexpected ones with the request id. */
export function jsonErrorHandler(log: Logger): express.ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, code, message } = describe(error);
    if (status >= 500)
      log.error({ err: error, requestId: req.headers['x-request-id'], path: loggedPath(req.path) }, 'unexpected error in a route');
    sendError(res, status, code, message);
  };
}

/** Mount after every route: anything not matched is a JSON 404. */
export const jsonNotFound: express.RequestHandler = (_req, res) => sendError(res, 404, 'NOT_FOUND', 'Not found.');

const DOMAIN_STATUS: Record<string, number> = { UNAUTHORIZED: 403, BAD_USER_INPUT: 400, NOT_FOUND: 404, CONFLICT: 409, RATE_LIMITED: 429 };

/** A DomainError a route's check threw, answered with its code and message; anything else is passed on. */
export function sendDomainError(res: express.Response, error: unknown, next: express.NextFunction): void {
  if (error instanceof DomainError && DOMAIN_STATUS[error.code]) sendError(res, DOMAIN_STATUS[error.code], error.code, error.message);
  else next(error);
}
