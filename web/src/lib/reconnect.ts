/**
 * How the subscription socket reconnects: for as long as the page is open (a lobby, a live room
 * or an inbox must come back after a laptop sleeps or a server restarts, however long that takes),
 * at first quickly, then every RECONNECT_MAX_MS or so; the jitter spreads a crowd of browsers
 * reconnecting after a restart.
 */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 10_000;
export const RECONNECT_JITTER_MS = 1000;

/** The wait before reconnect attempt `retries` (0 first); `random` in [0, 1). */
export function reconnectDelayMs(retries: number, random: number = Math.random()): number {
  const backoff = RECONNECT_FIRST_MS * 2 ** Math.min(Math.max(0, retries), 16);
  return Math.min(RECONNECT_MAX_MS, backoff) + Math.floor(random * RECONNECT_JITTER_MS);
}
