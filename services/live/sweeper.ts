/**
 * Every few seconds: participants whose room stopped syncing (a closed laptop, a lost network) are
 * recorded as disconnected, and old signalling messages are pruned. Several API processes may
 * sweep at once: a row is taken by one UPDATE, and a disconnection is recorded once per connection.
 */
import type pg from 'pg';
import type { Logger } from 'pino';
import { DISCONNECTED_AFTER_MS } from '../../contracts/live';
import { SYSTEM_ACTOR } from '../domain/shared/decider';
import type { LiveHandlers } from '../domain/conversations/liveHandlers';
import { pruneSignals, takeLostParticipants } from './store';

const SWEEP_EVERY_MS = 5000;
const PRUNE_EVERY = 120; // sweeps (10 minutes)

export function startLiveSweeper(pool: pg.Pool, live: LiveHandlers, log: Logger): NodeJS.Timeout {
  let sweeps = 0;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      for (const lost of await takeLostParticipants(pool, DISCONNECTED_AFTER_MS)) {
        await live
          .leave({ actor: SYSTEM_ACTOR }, { ...lost, reason: 'lost' })
          .catch((error) => log.warn({ err: error, ...lost }, 'recording a lost participant failed'));
      }
      if (++sweeps % PRUNE_EVERY === 0) await pruneSignals(pool);
    } catch (error) {
      log.warn({ err: error }, 'live sweep failed');
    } finally {
      running = false;
    }
  }, SWEEP_EVERY_MS);
  timer.unref();
  return timer;
}
