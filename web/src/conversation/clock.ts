/**
 * The live room's progress clock (spec 2, section 4 "Progress bar"; section 9): the server keeps
 * the time and answers `syncParticipant` with `totalTicks` and `remainingTicks` (seconds); the
 * browser counts down on its own in between, one tick about every 1000 ms, and corrects its drift
 * by changing the interval 100 ms per tick of difference from the server's count, clamped to
 * 500–1500 ms. Pure: the hook around it (useClock.ts) owns the timers.
 */

export const TICK_MS = 1000;
export const DRIFT_STEP_MS = 100;
export const MIN_TICK_MS = 500;
export const MAX_TICK_MS = 1500;
/**
 * Beyond this many ticks of drift the local count jumps to the server's (a sleeping laptop, a
 * reload mid-conversation): correcting 10 ticks at the fastest rate already takes 10 seconds.
 */
export const SNAP_DRIFT_TICKS = 10;

export type ClockStatus = 'reserved' | 'opened' | 'started' | 'stopped' | 'unused';

export interface ClockState {
  totalTicks: number;
  /** The local count, shown on the progress bar. */
  remaining: number;
  /** The server's remainingTicks at its last sync and when (ms) it arrived; null before the first. */
  server: { remaining: number; at: number } | null;
  status: ClockStatus;
}

export const initialClock = (totalTicks = 0): ClockState => ({ totalTicks, remaining: totalTicks, server: null, status: 'opened' });

/** Whether the clock counts down: only once the conversation started (both connected). */
export const isRunning = (c: ClockState) => c.status === 'started' && c.remaining > 0;

/** The server's count now: its last answer, less the whole seconds since (while running). */
export function serverRemainingAt(c: ClockState, now: number): number | null {
  if (!c.server) return null;
  if (c.status !== 'started') return c.server.remaining;
  return Math.max(0, c.server.remaining - Math.floor(Math.max(0, now - c.server.at) / TICK_MS));
}

/** Ticks the local count is ahead of (positive: more left than) the server's. */
export function driftTicks(c: ClockState, now: number): number {
  const server = serverRemainingAt(c, now);
  return server === null ? 0 : c.remaining - server;
}

/** The interval to the next tick: 1000 ms, 100 ms shorter per tick the local count lags behind the server (more left), longer when ahead; 500–1500 ms. */
export function tickInterval(drift: number): number {
  const ms = TICK_MS - DRIFT_STEP_MS * drift;
  return Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, ms));
}

/** A sync answer arrived at `now`: remember the server's count; jump to it when far off, or when the clock was not running before. */
export function applySync(
  c: ClockState,
  sync: { totalTicks: number; remainingTicks: number; status: ClockStatus },
  now: number,
): ClockState {
  const next: ClockState = { ...c, totalTicks: sync.totalTicks, status: sync.status, server: { remaining: sync.remainingTicks, at: now } };
  const wasRunning = c.server !== null && c.status === 'started';
  if (!wasRunning || sync.status !== 'started' || Math.abs(c.remaining - sync.remainingTicks) > SNAP_DRIFT_TICKS) {
    next.remaining = sync.status === 'stopped' || sync.status === 'unused' ? 0 : sync.remainingTicks;
  }
  next.remaining = Math.min(next.remaining, next.totalTicks);
  return next;
}

/** One local tick at `now`: the count less one (while running), and the delay before the next tick. */
export function tick(c: ClockState, now: number): { clock: ClockState; nextInMs: number } {
  if (!isRunning(c)) return { clock: c, nextInMs: TICK_MS };
  const clock = { ...c, remaining: c.remaining - 1 };
  return { clock, nextInMs: tickInterval(driftTicks(clock, now)) };
}

/** The progress bar's value, 0–100: the share of the conversation already gone. */
export function progressPercent(c: Pick<ClockState, 'totalTicks' | 'remaining'>): number {
  if (c.totalTicks <= 0) return 0;
  return Math.round(((c.totalTicks - c.remaining) / c.totalTicks) * 1000) / 10;
}

/** 'm:ss' of a count of seconds. */
export function formatTicks(ticks: number): string {
  const t = Math.max(0, Math.floor(ticks));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
}

/**
 * What a sync answer arriving at `now` says of the conversation's edges, for the speech the room
 * reports (issue 35): `startedAt` when it is the first to say the conversation started (the instant
 * it started, its elapsed time back from the answer's arrival: never before the true start); `endedAt`
 * when it is the first to say it stopped (the end the last answer foresaw, or `now` if sooner).
 */
export function conversationEdges(
  before: ClockState,
  sync: { totalTicks: number; remainingTicks: number; status: ClockStatus },
  now: number,
): { startedAt?: number; endedAt?: number } {
  const wasStarted = before.status === 'started';
  if (!wasStarted && sync.status === 'started') return { startedAt: now - (sync.totalTicks - sync.remainingTicks) * TICK_MS };
  if (wasStarted && sync.status === 'stopped')
    return { endedAt: before.server ? Math.min(now, before.server.at + before.server.remaining * TICK_MS) : now };
  return {};
}
