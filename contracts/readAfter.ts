/**
 * Reading one's own writes without every answer waiting for them (issue 31). A mutation that can
 * answer from what its command decided does not wait for the read models its events change: its
 * response names where its events are and which read models must have read them (the
 * `Tertulia-Written` header), the client sends the latest such mark with its next requests
 * (`Tertulia-Read-After`), and the server holds a request that carries one until those read models
 * have read that far (bounded, as a mutation's own wait is). Web: web/src/lib/readAfter.ts; server:
 * services/api/readAfter.ts.
 *
 * The mark as text: `<transactionId>.<position>:<readModel>,<readModel>…`, both numbers in decimal.
 */

export const WRITTEN_HEADER = 'tertulia-written';
export const READ_AFTER_HEADER = 'tertulia-read-after';

export interface ReadAfter {
  transactionId: string;
  position: string;
  /** The read models that must have read that far; sorted, no repeats. */
  readModels: string[];
}

/** Longest mark accepted; more read models than any deployment has is not a mark. */
export const READ_AFTER_MAX_LENGTH = 1_000;
export const READ_AFTER_MAX_READ_MODELS = 40;
const NUMBER = /^(0|[1-9][0-9]{0,19})$/;
const READ_MODEL = /^[a-z][a-z0-9_]{0,47}$/;

export function formatReadAfter(mark: ReadAfter): string {
  return `${mark.transactionId}.${mark.position}:${mark.readModels.join(',')}`;
}

/** The mark in `text`, or null when it is not one (too long, malformed, NUL, too many read models). */
export function parseReadAfter(text: string): ReadAfter | null {
  if (text.length > READ_AFTER_MAX_LENGTH) return null;
  const match = /^([0-9]+)\.([0-9]+):([a-z0-9_,]+)$/.exec(text);
  if (!match || !NUMBER.test(match[1]) || !NUMBER.test(match[2])) return null;
  const readModels = [...new Set(match[3].split(','))].sort();
  if (readModels.length > READ_AFTER_MAX_READ_MODELS || !readModels.every((name) => READ_MODEL.test(name))) return null;
  return { transactionId: match[1], position: match[2], readModels };
}

function compareDecimal(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/** Which of two places in the log is later (transaction first, then position); both canonical decimals. */
export function compareReadAfter(a: Pick<ReadAfter, 'transactionId' | 'position'>, b: Pick<ReadAfter, 'transactionId' | 'position'>) {
  return compareDecimal(a.transactionId, b.transactionId) || compareDecimal(a.position, b.position);
}

/**
 * Two marks as one: the later place, and every read model of either (read models move along one
 * log in order, so reaching the later place covers the earlier one's events too).
 */
export function mergeReadAfter(a: ReadAfter | null, b: ReadAfter | null): ReadAfter | null {
  if (!a || !b) return a ?? b;
  const later = compareReadAfter(a, b) >= 0 ? a : b;
  const readModels = [...new Set([...a.readModels, ...b.readModels])].sort();
  return { transactionId: later.transactionId, position: later.position, readModels };
}
