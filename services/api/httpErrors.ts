/**
 * The one error shape of every route outside GraphQL: `{ "error": { "code", "message" } }` with a
 * matching HTTP status, in every mode. Never a stack trace or an HTML page: express's own handler is
 * never reached. GraphQL answers its errors in `errors[].extensions.code` (services/api/yoga.ts).
 */
import type express from 'express';
import type { Logger } from 'pino';
import { DEFAULT_LOCALE } from '../../contracts/i18n/locales';
import { DomainError, type Refusal } from '../domain/shared/errors';
import { type Caller, callerLocale } from '../i18n/locale';
import { sayRefusal } from '../i18n/localize';
import { loggedPath } from '../security/mailTokens';
import { HttpMessages } from './apiMessages';
import type { ApiContext } from './context';

export interface HttpErrorBody {
  error: { code: string; message: string };
}

/**
 * Who asks, for the language of a refusal (services/i18n/locale.ts, the choice GraphQL makes): a
 * route that knows the signed-in viewer names it (`knowCaller`), else the request's Accept-Language.
 */
function callerOf(res: express.Response): Caller {
  const caller = (res.locals.caller as Caller | undefined) ?? { viewer: null, acceptLanguage: res.req.get('accept-language') ?? null };
  res.locals.caller = caller;
  return caller;
}

/** A signed-in route's viewer: its refusals answer in the account's language setting first. */
export function knowCaller(res: express.Response, runtime: ApiContext['runtime'], viewer: ApiContext['viewer']): void {
  res.locals.caller = { runtime, viewer, acceptLanguage: res.req.get('accept-language') ?? null } satisfies Caller;
}

/**
 * Answers `{ error: { code, message } }` (and `extra`'s fields), the message in the caller's
 * language (a known refusal, or a known message's English; any other text as it is).
 */
export async function sendError(res: express.Response, status: number, code: string, message: Refusal, extra?: object): Promise<void> {
  if (res.headersSent) return;
  // Never rejects (callers send and move on): words that cannot be said in the caller's language go in English.
  const said = await sayToCaller(res, message).catch(() => (typeof message === 'string' ? message : message.text));
  if (res.headersSent) return;
  res.status(status).json({ error: { code, message: said }, ...extra } satisfies HttpErrorBody);
}

/** A refusal's words in the language of the request `res` answers (English when the account's setting cannot be read). */
export async function sayToCaller(res: express.Response, refusal: Refusal): Promise<string> {
  return sayRefusal(await callerLocale(callerOf(res)).catch(() => DEFAULT_LOCALE), refusal);
}

/** What a client is told about an error thrown by express or its body parsers. */
function describe(error: unknown): { status: number; code: string; message: string } {
  const e = error as { status?: unknown; statusCode?: unknown; type?: unknown };
  const status = Number(e?.status ?? e?.statusCode);
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', message: HttpMessages.tooLarge };
  if (status === 404 || (error as { code?: unknown })?.code === 'ENOENT')
    return { status: 404, code: 'NOT_FOUND', message: HttpMessages.notFound };
  if (e?.type === 'entity.parse.failed') return { status: 400, code: 'BAD_REQUEST', message: HttpMessages.notJson };
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported')
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: HttpMessages.encodingUnsupported };
  if (Number.isInteger(status) && status >= 400 && status < 500)
    return { status, code: 'BAD_REQUEST', message: HttpMessages.notUnderstood };
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: HttpMessages.internal };
}

/** Mount last: answers every error in the one shape; logs unexpected ones with the request id. */
export function jsonErrorHandler(log: Logger): express.ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, code, message } = describe(error);
    if (status >= 500)
      log.error({ err: error, requestId: req.headers['x-request-id'], path: loggedPath(req.path) }, 'unexpected error in a route');
    void sendError(res, status, code, message);
  };
}

/** Mount after every route: anything not matched is a JSON 404. */
export const jsonNotFound: express.RequestHandler = (_req, res) => sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);

const DOMAIN_STATUS: Record<string, number> = { UNAUTHORIZED: 403, BAD_USER_INPUT: 400, NOT_FOUND: 404, CONFLICT: 409, RATE_LIMITED: 429 };

/** What a DomainError says (its known refusal, else its English), for `sendError`. */
export const domainRefusal = (error: DomainError): Refusal => (error.said ? { ...error.said, text: error.message } : error.message);

/** A DomainError a route's check threw, answered with its code and message (what it says, in the caller's language); anything else is passed on. */
export function sendDomainError(res: express.Response, error: unknown, next: express.NextFunction): void {
  if (error instanceof DomainError && DOMAIN_STATUS[error.code])
    void sendError(res, DOMAIN_STATUS[error.code], error.code, domainRefusal(error));
  else next(error);
}
