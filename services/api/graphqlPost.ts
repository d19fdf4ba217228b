/**
 * `POST /graphql` with a JSON body, the call every page and client makes, answered through yoga's
 * own operation pipeline (`getResultForParams`: the same schema, plugins, parse and validation
 * caches, parameter checks, error masking) and its own result processor (`processRegularResult`:
 * the same status codes and body), without its fetch-API adapter: no WHATWG Request and Headers
 * built over Node's request, no body stream. That adapter cost a reservation about 0.9 ms of CPU on
 * this machine (docs/decisions.md, "Reservation throughput"). Everything else goes on to yoga as
 * before: GET (GraphiQL, queries in the URL), other content types, event streams, batches, and any
 * body this handler does not take as one well-formed operation, so yoga's own messages answer it.
 */
import type express from 'express';
import { processRegularResult, type GraphQLParams } from 'graphql-yoga';
import type { createGraphQL } from './yoga';

const PARAMS = new Set(['query', 'variables', 'operationName', 'extensions']);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One operation's parameters (the GraphQL-over-HTTP spec's four), or null for anything yoga should judge (and word the error for). */
export function operationParams(body: unknown): GraphQLParams | null {
  if (!isObject(body) || typeof body.query !== 'string') return null;
  for (const key of Object.keys(body)) if (!PARAMS.has(key)) return null;
  if (body.variables != null && !isObject(body.variables)) return null;
  if (body.operationName != null && typeof body.operationName !== 'string') return null;
  if (body.extensions != null && !isObject(body.extensions)) return null;
  return body as GraphQLParams;
}

/**
 * Whether yoga would answer with plain JSON: it takes the last acceptable type, and any Accept that
 * allows application/json ends there for a single result.
 */
function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  // One that names the GraphQL response type, event streams, multipart or a charset goes to yoga's
  // negotiation (which refuses a charset other than UTF-8, for one).
  if (/graphql-response|event-stream|multipart|charset/i.test(accept)) return false;
  return /application\/json|\*\/\*|application\/\*/i.test(accept);
}

function readBody(req: express.Request): Promise<Buffer> {
  // A chunked body was read already, with the limit (server.ts, limitGraphQLBody).
  if (Buffer.isBuffer(req.body)) return Promise.resolve(req.body);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A header read the way the WHATWG `Headers.get` does, for the context and yoga's hooks. */
function headersOf(req: express.Request) {
  return {
    get(name: string): string | null {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    has(name: string): boolean {
      return req.headers[name.toLowerCase()] !== undefined;
    },
  };
}

export function graphqlPostHandler(yoga: ReturnType<typeof createGraphQL>) {
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '') || !acceptsJson(req.headers.accept)) return next();
    try {
      const body = await readBody(req);
      // Yoga reads a body it is handed instead of the stream (already read here); empty goes as none.
      if (body.length) req.body = body;
      let params: GraphQLParams | null = null;
      try {
        params = operationParams(JSON.parse(body.toString('utf8')));
      } catch {
        // Not JSON: yoga's own 400.
      }
      if (!params || !body.length) return next();
      const request = { method: 'POST', url: req.originalUrl, headers: headersOf(req) };
      // The server context yoga's Node adapter would give (its `request` is added by yoga).
      const result = await yoga.getResultForParams({ params, request: request as unknown as Request }, { req, res } as never);
      const response = processRegularResult(result as never, yoga.fetchAPI, 'application/json');
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(await response.text());
    } catch (error) {
      next(error);
    }
  };
}
