import { AssertionError } from 'node:assert';

/**
 * The one way a test waits for something to happen: polls `check` until it returns a value (not
 * undefined/null/false), failing after `timeout` ms. A check may instead throw an AssertionError
 * (`assert.equal(seen, expected, …)`) to say what it saw: that counts as "not yet", and the timeout's
 * error ends with the last one, so a failure names what was expected and what was seen. Any other
 * error fails at once.
 */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeout = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let delay = 50;
  for (;;) {
    let seen: string | undefined;
    try {
      const value = await check();
      if (value !== null && value !== undefined && value !== false) return value;
    } catch (error) {
      if (!(error instanceof AssertionError)) throw error;
      seen = error.message;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}${seen ? `: ${seen}` : ''}`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 1000);
  }
}
