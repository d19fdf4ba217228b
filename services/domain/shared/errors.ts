import { ErrorCode } from '../../../contracts/errors';

/**
 * The one error type of the product. Deciders, handlers and resolvers throw it; the API turns it
 * into a GraphQL error with `extensions.code` (and `extensions.fields` for per-field messages,
 * `extensions.reason` where the code alone does not say what happened, e.g. 'role').
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badInput = (message: string, fields?: Record<string, string>) => new DomainError(ErrorCode.BAD_USER_INPUT, message, fields);
export const unauthorized = (message = 'Not allowed.') => new DomainError(ErrorCode.UNAUTHORIZED, message);
export const notFound = (message: string) => new DomainError(ErrorCode.NOT_FOUND, message);
export const conflict = (message: string) => new DomainError(ErrorCode.CONFLICT, message);

/** Throws BAD_USER_INPUT naming every failing field, when there are any. */
export function assertNoFieldErrors(fields: Record<string, string>, message = 'Please correct the highlighted fields.') {
  const entries = Object.entries(fields).filter(([, v]) => v);
  if (entries.length) throw badInput(entries.length === 1 ? entries[0][1] : message, Object.fromEntries(entries));
}
