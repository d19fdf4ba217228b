/**
 * One place for turning API errors into words (spec 1, sections 7 and 8). Pure: no Apollo or
 * React imports, so the page, the forms and the global error link all use the same rules.
 */
import { ErrorCode, ErrorReason, Messages } from '../../../contracts/errors';
import { localizeKnown, translateOr } from '../i18n/translate';

export const GRAPHQL_ERROR_MESSAGE = 'Uh oh, an error occurred on the page.';
export const NETWORK_ERROR_MESSAGE = 'Oops, your connection seems off. Reload the page to try again.';

/** The two fallbacks in the page's language (their English above, before any catalog is loaded). */
export const graphqlErrorMessage = () => translateOr('error.graphql', GRAPHQL_ERROR_MESSAGE);
export const networkErrorMessage = () => translateOr('error.network', NETWORK_ERROR_MESSAGE);

export interface ApiError {
  message: string;
  extensions?: { code?: unknown; [key: string]: unknown };
}

/** Strips a 'GraphQL error:' prefix and bracket-quote wrappers (`["..."]`) from a message. */
export function cleanErrorMessage(message: string): string {
  let text = message
    .trim()
    .replace(/^(?:GraphQL error:\s*)+/i, '')
    .trim();
  if (text.startsWith('[') && text.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((p) => typeof p === 'string')) return parsed.join(' ').trim();
    } catch {
      // not JSON, e.g. single quotes
    }
    const wrapped = /^\[\s*(["'])([\s\S]*)\1\s*\]$/.exec(text);
    if (wrapped) text = wrapped[2].trim();
  }
  return text;
}

/**
 * The GraphQL errors carried by an error from Apollo Client: its `graphQLErrors`, or the `errors`
 * of a non-2xx HTTP response body (a `networkError` with a `result`).
 */
export function apiErrorsOf(error: unknown): ApiError[] {
  if (!error || typeof error !== 'object') return [];
  const { graphQLErrors, networkError } = error as { graphQLErrors?: ApiError[]; networkError?: unknown };
  if (graphQLErrors?.length) return graphQLErrors;
  const result = (networkError as { result?: { errors?: ApiError[] } } | null | undefined)?.result;
  return Array.isArray(result?.errors) ? result.errors : [];
}

export function hasErrorCode(error: unknown, code: string): boolean {
  return apiErrorsOf(error).some((e) => e.extensions?.code === code);
}

/**
 * What an UNAUTHORIZED answer means: 'session' — no open session, the spec's 'Try to sign in
 * again' with a Sign In action; 'role' — the session is fine but the account lacks a role
 * (`extensions.reason: 'role'`), and the server's message says which ('This needs the instructor
 * role.'). A session refusal wins when both are present. Null when nothing was refused.
 */
export type Refusal = { kind: 'session'; message: string } | { kind: 'role'; message: string };

export function refusalOf(error: unknown): Refusal | null {
  const refused = apiErrorsOf(error).filter((e) => e.extensions?.code === ErrorCode.UNAUTHORIZED);
  if (!refused.length) return null;
  const roleOnly = refused.every((e) => e.extensions?.reason === ErrorReason.ROLE);
  if (!roleOnly) return { kind: 'session', message: localizeKnown(Messages.unauthorized) };
  return { kind: 'role', message: cleanErrorMessage(refused[0].message) || localizeKnown(Messages.unauthorized) };
}

/** What a form shows inline for a failed call: the server's message, else a sensible fallback. */
export function errorMessage(error: unknown, fallback = graphqlErrorMessage()): string {
  const [first] = apiErrorsOf(error);
  if (first) return localizeKnown(cleanErrorMessage(first.message)) || fallback;
  if (error && typeof error === 'object' && (error as { networkError?: unknown }).networkError) return networkErrorMessage();
  if (error instanceof Error) return localizeKnown(cleanErrorMessage(error.message)) || fallback;
  return fallback;
}
