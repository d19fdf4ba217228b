/**
 * The answers to a signed-in page's first queries, written into its HTML (issue 31; the table is
 * contracts/firstPageData.ts): on a slow line each round trip waits for all the page's code, and a
 * student's home asked three rounds of queries after it. The queries run through the API itself
 * (`yoga.fetch`, the same context, checks and errors as a request from the page) with the page
 * request's cookie; only answers without errors are written, the page asks for anything else as
 * before. Nothing runs without an open session, and the page is then sent as it is.
 */
import type express from 'express';
import { type DocumentNode, type FieldNode, Kind, type OperationDefinitionNode, print, type SelectionSetNode, visit } from 'graphql';
import {
  FIRST_PAGE_DATA_ELEMENT,
  FIRST_PAGE_OPERATIONS_MAX,
  type FirstPageAnswer,
  firstPageOperations,
} from '../../contracts/firstPageData';
import type { Runtime } from '../app/runtime';
import { tokenFromHeaders, viewerFromToken } from './context';

/** What runs an operation as a request to /graphql would (the yoga instance). */
export interface GraphQLFetch {
  fetch(
    url: string,
    init: RequestInit,
    serverContext: { req: { ip?: string; headers: Record<string, unknown> } },
  ): Promise<Response> | Response;
}

/** Past this the page is sent without answers: the first byte matters more than the data (ms). */
const ANSWER_WITHIN_MS = 1_000;

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/**
 * The document as Apollo Client sends it: `__typename` in every selection set but the operation's
 * own (its cache needs it; an answer without it would count as incomplete and be asked for again).
 */
function withTypenames(document: DocumentNode): DocumentNode {
  return visit(document, {
    SelectionSet: (node: SelectionSetNode, _key, parent) =>
      parent && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION
        ? undefined
        : node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')
          ? undefined
          : { ...node, selections: [...node.selections, TYPENAME] },
  });
}

let queryTexts: Promise<Map<string, string>> | null = null;

/** The web's generated documents (400 KB of source), read on the first signed-in page, not at start-up. */
async function readQueryTexts(): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const value of Object.values(await import('../../web/src/gql/graphql')) as unknown[]) {
    const document = value as DocumentNode;
    if (document?.kind !== 'Document') continue;
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    if (operation?.operation === 'query' && operation.name && !operation.variableDefinitions?.length) {
      texts.set(operation.name.value, print(withTypenames(document)));
    }
  }
  return texts;
}

/** The web's documents, read once per process. */
function documentsRead(): Promise<Map<string, string>> {
  queryTexts ??= readQueryTexts();
  return queryTexts;
}

/** The web's own query documents without variables, as text (as Apollo sends it) by operation name. */
export async function queryText(operationName: string): Promise<string | undefined> {
  return (await documentsRead()).get(operationName);
}

async function answer(yoga: GraphQLFetch, req: express.Request, operationName: string): Promise<FirstPageAnswer | null> {
  const query = await queryText(operationName);
  if (!query) return null;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  for (const name of ['cookie', 'accept-language', 'user-agent', 'x-request-id']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const response = await yoga.fetch(
    'http://first-page.internal/graphql',
    { method: 'POST', headers, body: JSON.stringify({ operationName, query }) },
    { req: { ip: req.ip, headers: req.headers } },
  );
  if (!response.ok) return null;
  const result = (await response.json()) as { data?: unknown; errors?: unknown[] };
  return result.errors?.length || !result.data ? null : { operationName, data: result.data };
}

/** The answers for the page `req` asks for: none without an open session, on an unknown path, or past ANSWER_WITHIN_MS. */
export async function firstPageAnswers(yoga: GraphQLFetch, runtime: Runtime, req: express.Request): Promise<FirstPageAnswer[]> {
  const operations = firstPageOperations(req.path).slice(0, FIRST_PAGE_OPERATIONS_MAX);
  if (!operations.length) return [];
  const token = tokenFromHeaders({ get: (name) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null) });
  if (!(await viewerFromToken(runtime, token))) return [];
  // The first signed-in page waits for the documents; the bound below is the queries'.
  await documentsRead();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS);
  });
  try {
    const answers = await Promise.race([Promise.all(operations.map((name) => answer(yoga, req, name).catch(() => null))), late]);
    return (answers ?? []).filter((a): a is FirstPageAnswer => a !== null);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `html` with the answers in a JSON data block before `</head>` (never run as a script; `<`, `>`,
 * `&` and the line separators escaped, so no answer can close the element or start markup).
 */
export function withFirstPageAnswers(html: string, answers: FirstPageAnswer[]): string {
  if (!answers.length) return html;
  const json = JSON.stringify(answers).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const block = `<script type="application/json" id="${FIRST_PAGE_DATA_ELEMENT}">${json}</script>`;
  const at = html.indexOf('</head>');
  return at < 0 ? block + html : html.slice(0, at) + block + html.slice(at);
}
