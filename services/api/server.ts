/**
 * The HTTP server: /graphql (POST, and graphql-ws subscriptions on the same path), /healthz,
 * /readyz, the dev mailbox when mail stays local, mails' public pages (/mail/<publicToken>), and the
 * built web app with an SPA fallback.
 */
import crypto from 'node:crypto';
import express from 'express';
import type { ExecutionArgs } from 'graphql';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { projectionStatuses, type Runtime } from '../app/runtime';
import { mountDevMailbox } from '../integrations/mail/mailboxPage';
import { mountPayments } from '../integrations/payments/http';
import { mountFiles } from '../integrations/storage/http';
import { THROUGHPUT_PATH } from '../../contracts/throughput';
import { loggedPath } from '../security/mailTokens';
import { jsonErrorHandler, jsonNotFound, sendError } from './httpErrors';
import { HttpMessages } from './apiMessages';
import { mountMailPage } from './mailPage';
import { PAYROLL_CSV_PATH, payrollCsvRouter } from './payrollCsv';
import { DATA_EXPORT_PATH, dataExportRouter } from './dataExport';
import { mountSchoolSignIn } from './schoolSignIn';
import { ARCHIVE_UPLOAD_PATH, archiveUploadRouter } from './archiveUpload';
import { RECORDING_WEBHOOKS_PATH, recordingWebhooksRouter } from './recordingWebhooks';
import { throughputRouter } from './throughput';
import { ltiRouter } from '../integrations/lti/http';
import { createGraphQL, GRAPHQL_BODY_LIMIT_BYTES } from './yoga';
import { createMetrics, mountMetrics } from './metrics';
import { firstPageAnswers } from './firstPageData';
import { mountWebApp } from './webAssets';
import { allowedOrigins, corsPolicy } from './cors';
import { csrfPrevention } from './csrf';
import { appPageHeaders, securityHeaders } from './securityHeaders';
import { SocketSessions } from './socketSessions';
import { SKIPPED_EVENTS_WAIT_MS } from '../feed/runner';

const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
/**
 * Behind and not moving for this long is stuck: twice the longest a lane may sleep before it reads
 * events none of its read models handles. At exactly that wait, a lane that had been busy when such
 * an event came (its sleep begins after its batch) lost the race to /readyz's second look on a
 * loaded machine, and a healthy product answered 503 (a full run of the suite, accounts.test.ts).
 */
const READY_LAG_BOUND = 2 * SKIPPED_EVENTS_WAIT_MS;

/**
 * Source maps are never served, whatever a build left in web/dist (the build emits none): a path
 * ending in .map, in any letter case and however it is percent-encoded, is a 404 rather than the
 * file or the SPA's page.
 */
function refuseSourceMaps(req: express.Request, res: express.Response, next: express.NextFunction) {
  let requested = req.path;
  try {
    requested = decodeURIComponent(requested);
  } catch {
    // undecodable: checked as it came
  }
  if (/\.map[/\\]*$/i.test(requested)) {
    sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);
    return;
  }
  next();
}

/**
 * The GraphQL body limit, checked here instead of in yoga (see GRAPHQL_BODY_LIMIT_BYTES): a declared
 * length is the body's exact length (Node's parser holds the client to it), so it is checked and the
 * body left to stream into yoga; a chunked body is read into one buffer with the limit. Over it: the
 * JSON 413 of every route.
 */
const bufferGraphQLBody = express.raw({ type: () => true, limit: GRAPHQL_BODY_LIMIT_BYTES });
function limitGraphQLBody(req: express.Request, res: express.Response, next: express.NextFunction) {
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    if (Number(declared) > GRAPHQL_BODY_LIMIT_BYTES) sendError(res, 413, 'PAYLOAD_TOO_LARGE', HttpMessages.tooLarge);
    else next();
    return;
  }
  bufferGraphQLBody(req, res, (error?: unknown) => {
    if (error) return next(error);
    // An empty buffer would send yoga back to the stream already read (it would wait forever).
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) return sendError(res, 400, 'BAD_REQUEST', HttpMessages.empty);
    next();
  });
}

export function createServer(runtime: Runtime) {
  const app = express();
  app.disable('x-powered-by');
  // Off unless configured: otherwise any client could name its own address in X-Forwarded-For and
  // walk round the per-IP limits. With TRUST_PROXY set, req.ip is the address the proxy vouches for.
  app.set('trust proxy', runtime.config.trustProxy);
  const metrics = createMetrics(runtime);
  const yoga = createGraphQL(runtime, [metrics.plugin]);
  const origins = allowedOrigins(runtime.config.publicUrl, runtime.config.corsOrigins);
  app.use(securityHeaders(runtime.config));
  app.use(corsPolicy(origins));

  app.use((req, res, next) => {
    const requestId = (req.headers['x-request-id'] as string) || crypto.randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    const started = Date.now();
    // GraphQL calls that answer once (an event stream stays open and waits on nobody's behalf);
    // 'close' comes for every response, finished or abandoned.
    if (req.method === 'POST' && req.path === yoga.graphqlEndpoint && !req.headers.accept?.includes('text/event-stream')) {
      res.on('close', runtime.requestLoad.enter());
    }
    res.on('finish', () => {
      metrics.countResponse(res.statusCode);
      runtime.log.info(
        { requestId, method: req.method, path: loggedPath(req.path), status: res.statusCode, ms: Date.now() - started },
        'request',
      );
    });
    next();
  });

  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  mountMetrics(app, metrics, runtime.config.metricsToken, runtime.config.surfaces.openMetrics);
  // Ready: the database answers, no read model has stopped at an event it cannot apply, and none is
  // stuck behind the feed (behind and not moving for READY_LAG_BOUND ms). A projector working
  // through a backlog counts as ready. A stopped read model makes this 503 to alert (load balancers
  // route on /healthz): the product keeps serving, that read model's data stays as it was.
  app.get('/readyz', async (_req, res) => {
    try {
      await runtime.pool.query('SELECT 1');
      const before = await projectionStatuses(runtime);
      const failed = before.filter((s) => s.failure).map((s) => ({ name: s.name, ...s.failure }));
      let stuck: string[] = [];
      if (before.some((s) => s.behind && !s.failure)) {
        await new Promise((r) => setTimeout(r, READY_LAG_BOUND));
        const after = await projectionStatuses(runtime);
        stuck = after
          .filter(
            (s) =>
              s.behind &&
              !s.failure &&
              s.eventsApplied === before.find((b) => b.name === s.name)?.eventsApplied &&
              s.checkpoint?.position === before.find((b) => b.name === s.name)?.checkpoint?.position,
          )
          .map((s) => s.name);
      }
      if (stuck.length || failed.length) res.status(503).json({ ok: false, lagging: stuck, failed });
      else res.json({ ok: true, projections: before.map((s) => ({ name: s.name, version: s.version })) });
    } catch {
      res.status(503).json({ ok: false, error: 'database unreachable' });
    }
  });

  app.use(yoga.graphqlEndpoint, csrfPrevention);
  app.post(yoga.graphqlEndpoint, limitGraphQLBody);
  app.use(yoga.graphqlEndpoint, yoga as unknown as express.RequestHandler);
  if (runtime.outbox && runtime.config.surfaces.mailbox) mountDevMailbox(app, runtime.outbox);
  // A mail's public page (/mail/<publicToken>): before the web app, whose fallback would answer it.
  mountMailPage(app, runtime);
  mountPayments(app, runtime);
  mountFiles(app, runtime.storage);
  app.use(THROUGHPUT_PATH, throughputRouter(runtime.rateLimiter));
  app.use(PAYROLL_CSV_PATH, payrollCsvRouter(runtime));
  app.use(DATA_EXPORT_PATH, dataExportRouter(runtime));
  mountSchoolSignIn(app, runtime);
  app.use(ARCHIVE_UPLOAD_PATH, archiveUploadRouter(runtime));
  app.use(RECORDING_WEBHOOKS_PATH, recordingWebhooksRouter(runtime));
  app.use(ltiRouter(runtime));

  app.use(refuseSourceMaps);
  // WEB_DIST: the built web app from another folder (the web benchmark builds into its own).
  const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : WEB_DIST;
  if (fs.existsSync(webDist)) {
    mountWebApp(app, webDist, /^(?!\/(graphql|healthz|readyz|dev|files|api|mail|data-export|lti)\b).*/, {
      headers: appPageHeaders,
      answers: (req) => firstPageAnswers(yoga, runtime, req),
    });
  }
  app.use(jsonNotFound);
  app.use(jsonErrorHandler(runtime.log));

  const server = http.createServer(app);
  const wss = new WebSocketServer({
    server,
    path: yoga.graphqlEndpoint,
    // Browsers always send Origin on a WebSocket handshake: accept only our own pages.
    verifyClient: ({ origin, req }: { origin?: string; req: http.IncomingMessage }) =>
      !origin || origins.has(origin) || origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`,
  });
  const socketSessions = new SocketSessions(runtime);
  type EnvelopedRun = Pick<ReturnType<typeof yoga.getEnveloped>, 'execute' | 'subscribe'>;
  socketSessions.start().catch((error) => runtime.log.error({ err: error }, 'listening for ended sessions failed'));
  useServer(
    {
      // onSubscribe below hands the operation's enveloped execute and subscribe on as its rootValue.
      execute: (args: ExecutionArgs) => (args.rootValue as EnvelopedRun).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as EnvelopedRun).subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const upgrade = ctx.extra.request;
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: { ip: upgrade.socket.remoteAddress, headers: upgrade.headers },
          request: { headers: new Headers(Object.entries(upgrade.headers).filter(([, v]) => typeof v === 'string') as [string, string][]) },
          socket: ctx.extra.socket,
          params: payload,
          connectionParams: ctx.connectionParams,
        });
        const contextValue = await contextFactory();
        // Its subscriptions end with its session (./socketSessions.ts).
        if (contextValue.viewer) socketSessions.track(contextValue.viewer.sessionId, ctx.extra.socket);
        const args = {
          schema,
          operationName: payload.operationName,
          document: parse(payload.query),
          variableValues: payload.variables,
          contextValue,
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        return args;
      },
    },
    wss,
  );

  return {
    server,
    listen(port: number, host: string) {
      return new Promise<void>((resolve) => server.listen(port, host, resolve));
    },
    async close() {
      socketSessions.stop();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
