import { ErrorCode } from '../../../contracts/errors';

/** What a refusal says, by its id in the server's catalogs and its values, so the API can say it in the caller's language. */
export interface Said {
  readonly id: string;
  readonly values?: Readonly<Record<string, SaidValue>>;
}
/** A value of a said message: a said message or a list of them are said in the same language. */
export type SaidValue = string | number | Said | readonly Said[];
/** A parameterized known refusal (services/i18n/knownErrors.ts): what it says, and its English `text` for the logs and the English reader. */
export interface KnownRefusal extends Said {
  readonly text: string;
}
/** A refusal's words: English text (translated by the API when it is a known message), or a known refusal. */
export type Refusal = string | KnownRefusal;

/** The defaults of the refusals below. */
export const SharedMessages = {
  notAllowed: 'Not allowed.',
  correctFields: 'Please correct the highlighted fields.',
} as const;

const textOf = (refusal: Refusal) => (typeof refusal === 'string' ? refusal : refusal.text);
const saidOf = (refusal: Refusal): Said | undefined =>
  typeof refusal === 'string' ? undefined : { id: refusal.id, values: refusal.values };

/**
 * The one error type of the product. Deciders, handlers and resolvers throw it; the API turns it
 * into a GraphQL error with `extensions.code` (and `extensions.fields` for per-field messages,
 * `extensions.reason` where the code alone does not say what happened, e.g. 'role'). The message
 * and fields are English; `said` and `fieldsSaid` keep what the known refusals among them say.
 */
export class DomainError extends Error {
  readonly fields?: Record<string, string>;
  readonly said?: Said;
  readonly fieldsSaid?: Readonly<Record<string, Said>>;

  constructor(
    readonly code: ErrorCode,
    message: Refusal,
    fields?: Record<string, Refusal>,
    readonly reason?: string,
  ) {
    super(textOf(message));
    this.name = 'DomainError';
    this.said = saidOf(message);
    if (fields) {
      this.fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, textOf(v)]));
      const said = Object.entries(fields).flatMap(([k, v]): [string, Said][] => {
        const s = saidOf(v);
        return s ? [[k, s]] : [];
      });
      if (said.length) this.fieldsSaid = Object.fromEntries(said);
    }
  }
}

export const badInput = (message: Refusal, fields?: Record<string, Refusal>) => new DomainError(ErrorCode.BAD_USER_INPUT, message, fields);
export const unauthorized = (message: Refusal = SharedMessages.notAllowed) => new DomainError(ErrorCode.UNAUTHORIZED, message);
export const notFound = (message: Refusal) => new DomainError(ErrorCode.NOT_FOUND, message);
export const conflict = (message: Refusal) => new DomainError(ErrorCode.CONFLICT, message);

/** Throws BAD_USER_INPUT naming every failing field, when there are any. */
export function assertNoFieldErrors(fields: Record<string, Refusal>, message: Refusal = SharedMessages.correctFields) {
  const entries = Object.entries(fields).filter(([, v]) => v);
  if (entries.length) throw badInput(entries.length === 1 ? entries[0][1] : message, Object.fromEntries(entries));
}
