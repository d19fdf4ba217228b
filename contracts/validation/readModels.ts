import { textProblem } from './limits';

/** The reason an operator gives for a rebuild, verify or resume of a read model (issue 26). */
export const READ_MODEL_REASON_MAX_LENGTH = 500;

export const ReadModelMessages = {
  reasonRequired: 'Please say why, for the record: the reason is kept with the operation.',
  unknownReadModel: (name: string) => `There is no read model named '${name}'.`,
} as const;

/** What is wrong with a reason (blank, too long, NUL, broken Unicode), or null. The web, the API and the CLI check the same. */
export function readModelReasonProblem(reason: string): string | null {
  if (!reason.trim()) return ReadModelMessages.reasonRequired;
  const problem = textProblem(reason, READ_MODEL_REASON_MAX_LENGTH);
  return problem ? `The reason ${problem}.` : null;
}
