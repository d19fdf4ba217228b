/** Polls `check` until it returns a value (not undefined/null/false), failing after `timeout` ms. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let delay = 50;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 1000);
  }
}
