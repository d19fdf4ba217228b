/**
 * Reading this page's own writes (contracts/readAfter.ts): a mutation that answered before its read
 * models caught up names where its events are (`Tertulia-Written`); every request after it carries
 * the latest such mark (`Tertulia-Read-After`) and the API holds it until those read models have
 * read that far. Once an answer to a request that carried the mark has come, the read models had
 * reached it (or the API's bound had passed), so the mark is dropped.
 */
import { ApolloLink } from '@apollo/client';
import {
  formatReadAfter,
  mergeReadAfter,
  parseReadAfter,
  READ_AFTER_HEADER,
  type ReadAfter,
  WRITTEN_HEADER,
} from '../../../contracts/readAfter';

let pending: ReadAfter | null = null;

/** The mark to send now, if any. */
export function readAfterMark(): ReadAfter | null {
  return pending;
}

/** After an answer: drops the mark it carried (unless a later write replaced it) and keeps the one it brought. */
export function answered(carried: ReadAfter | null, written: string | null): void {
  if (carried && pending === carried) pending = null;
  const mark = written ? parseReadAfter(written) : null;
  if (mark) pending = mergeReadAfter(pending, mark);
}

export const readAfterLink = new ApolloLink((operation, forward) => {
  const carried = pending;
  if (carried) {
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, [READ_AFTER_HEADER]: formatReadAfter(carried) },
    }));
  }
  return forward(operation).map((result) => {
    const response = operation.getContext().response as Response | undefined;
    answered(carried, response?.headers?.get(WRITTEN_HEADER) ?? null);
    return result;
  });
});
