/**
 * Skips that say why (issue 13), on Vitest. A skipped test never passes in silence: its reason is
 * printed on the console (any reporter), and also carried where the reports show it: in the title
 * of a test or suite skipped up front, in the note of a test that skips itself while running
 * (Vitest's verbose reporter prints it after the test, `npm test` lists it in its summary).
 */
import { describe, it, type TestContext } from 'vitest';

/** A reason to skip, or nothing (node:test's `{ skip: reason }`): a string is the reason. */
export type SkipReason = string | boolean | null | undefined;

function reasonText(reason: SkipReason): string {
  return typeof reason === 'string' && reason ? reason : 'skipped';
}

/** The title of a test or suite skipped for `reason`. */
export function skippedTitle(title: string, reason: SkipReason): string {
  return `${title} [skipped: ${reasonText(reason)}]`;
}

/**
 * `it` and `describe` that are skipped when there is a reason, saying so in their title and on the
 * console, and run as usual when there is none: `skipFor(s3 ? undefined : 'no bucket').it(…)`.
 */
export function skipFor(reason: SkipReason): { it: typeof it; describe: typeof describe } {
  if (!reason) return { it, describe };
  const skipped = (api: typeof it.skip | typeof describe.skip) =>
    ((title: string, ...rest: unknown[]) => {
      console.log(`SKIPPED: ${title}: ${reasonText(reason)}`);
      (api as (...args: unknown[]) => void)(skippedTitle(title, reason), ...rest);
    }) as unknown;
  return { it: skipped(it.skip) as typeof it, describe: skipped(describe.skip) as typeof describe };
}

/** Skips the running test (node:test's `t.skip(reason)`), printing why and keeping it as the skip's note. */
export function skipTest(context: TestContext, reason: string): never {
  console.log(`SKIPPED: ${context.task.name}: ${reason}`);
  return context.skip(reason);
}
