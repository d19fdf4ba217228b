/** Read models' figures and operations in words (the page and its history). */
import { countOf } from '../../lib/plural';
import type { OperationData, OperatorData, ProgressData, ReadModelData } from './operations';

const number = (n: number) => Math.round(n).toLocaleString('en-US');
/** '12,000 events' (countOf, with the thousands marked). */
const eventCount = (n: number) => countOf(n, 'event').replace(/^\d+/, number(n));

/** '3.2 s', '4 min 05 s', '2 h 03 min'. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds < 10 && !Number.isInteger(seconds) ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** '12 events behind, the oldest 3.2 s ago' or 'Caught up'. */
export function lagText(m: Pick<ReadModelData, 'lagEvents' | 'lagSeconds'>): string {
  if (!m.lagEvents && m.lagSeconds === 0) return 'Caught up';
  const events = m.lagEvents === null ? 'Behind' : `${eventCount(m.lagEvents)} behind`;
  return `${events}, the oldest ${duration(m.lagSeconds)} ago`;
}

/** '4,000 of 12,000 events (33%) · 1,234 events/s · about 7 s left'. */
export function progressText(p: ProgressData): string {
  const done = p.eventsTotal
    ? `${number(p.eventsDone)} of ${eventCount(p.eventsTotal)} (${Math.min(100, Math.floor((p.eventsDone / p.eventsTotal) * 100))}%)`
    : eventCount(p.eventsDone);
  const parts = [done, `${number(p.eventsPerSecond)} events/s`];
  if (p.secondsLeft !== null && p.eventsDone > 0) parts.push(`about ${duration(p.secondsLeft)} left`);
  return parts.join(' · ');
}

export function operatorText(by: OperatorData): string {
  if (by.via === 'CLI') return `${by.osUser ?? 'someone'} at the command line on ${by.host ?? 'another machine'}`;
  return by.person?.emailAddress ?? by.person?.displayName ?? 'an admin';
}

const KIND = { REBUILD: 'Rebuild', VERIFY: 'Verify', RESUME: 'Resume' } as const;

/** What came of it: 'Rebuilt from 12,000 events in 3.4 s', '2 tables differ: months (1 only live, 1 only in the rebuild)'. */
export function resultText(op: OperationData): string {
  if (op.outcome === 'RUNNING') return op.progress ? `Running: ${progressText(op.progress)}` : 'Running';
  if (op.outcome === 'INTERRUPTED') return `Interrupted: ${op.error ?? 'its process ended'}`;
  if (op.outcome === 'FAILED') return `Failed: ${op.error ?? 'unknown error'}`;
  if (op.kind === 'RESUME') return op.cleared ? 'Failure cleared: the event is tried again' : 'It had not stopped: nothing to clear';
  const took = op.events !== null && op.durationMs !== null ? ` ${eventCount(op.events)} in ${duration(op.durationMs / 1000)}` : '';
  if (op.kind === 'REBUILD') return `Rebuilt from${took} and swapped in`;
  const differences = op.differences ?? [];
  if (!differences.length) return `Replayed${took}: no differences`;
  return `Replayed${took}: ${countOf(differences.length, 'table')} differ${differences.length === 1 ? 's' : ''}: ${differences.map((d) => `${d.table} (${number(d.onlyLive)} only live, ${number(d.onlyRebuilt)} only in the replay)`).join(', ')}`;
}

export const kindLabel = (op: Pick<OperationData, 'kind'>) => KIND[op.kind];
