import { apiErrorsOf, errorMessage } from '../../lib/errors';

/** An Apollo error as the enrollment machines carry it: the server's words and its code. */
export function flowErrorOf(error: unknown): { message: string; code: string | null } {
  const [first] = apiErrorsOf(error);
  return { message: errorMessage(error), code: (first?.extensions?.code as string | undefined) ?? null };
}
