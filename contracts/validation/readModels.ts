import { type LimitProblem, textLimit } from './limits';

/** The reason an operator gives for a rebuild, verify or resume of a read model (issue 26). */
export const READ_MODEL_REASON_MAX_LENGTH = 500;

export const ReadModelMessages = {
  reasonRequired: 'Please say why, for the record: the reason is kept with the operation.',
  unknownReadModel: (name: string) => `There is no read model named '${name}'.`,
} as const;

/** What is wrong with a reason: blank, or over a text limit (too long, NUL, broken Unicode). */
export type ReadModelReasonProblem = { kind: 'required' } | LimitProblem;

/** What is wrong with a reason, or null. The web, the API and the CLI check the same, and each says it in its own words. */
export function readModelReasonProblem(reason: string): ReadModelReasonProblem | null {
  if (!reason.trim()) return { kind: 'required' };
  return textLimit(reason, READ_MODEL_REASON_MAX_LENGTH);
}
