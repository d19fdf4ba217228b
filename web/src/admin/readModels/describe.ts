/**
 * Read models' figures and operations in words (the page and its history), in the page's language
 * (`admin.readModels.text.*`; the English beside each id is what a unit test without a catalog reads).
 */
import { translateOr } from '../../i18n/translate';
import { countOf } from '../../lib/plural';
import { formattingLocale } from '../../lib/time';
import type { OperationData, OperatorData, ProgressData, ReadModelData } from './operations';

const number = (n: number) => Math.round(n).toLocaleString(formattingLocale());
/** '12,000 events' (countOf, with the thousands marked). */
const eventCount = (n: number) =>
  translateOr('admin.readModels.text.events', countOf(n, 'event').replace(/^\d+/, number(n)), { count: Math.round(n) });

/** '3.2 s', '4 min 05 s', '2 h 03 min' (the units' symbols, the same in every language). */
export function duration(seconds: number): string {
  if (seconds < 60) {
    const tenths = seconds < 10 && !Number.isInteger(seconds);
    // The page's decimal mark ('3,2 s' in Spanish).
    const figure = (tenths ? Math.round(seconds * 10) / 10 : Math.round(seconds)).toLocaleString(formattingLocale(), {
      minimumFractionDigits: tenths ? 1 : 0,
      maximumFractionDigits: 1,
    });
    return `${figure} s`;
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** '12 events behind, the oldest 3.2 s ago' or 'Caught up'. */
export function lagText(m: Pick<ReadModelData, 'lagEvents' | 'lagSeconds'>): string {
  if (!m.lagEvents && m.lagSeconds === 0) return translateOr('admin.readModels.text.caughtUp', 'Caught up');
  const ago = duration(m.lagSeconds);
  if (m.lagEvents === null) return translateOr('admin.readModels.text.behind', `Behind, the oldest ${ago} ago`, { duration: ago });
  const events = eventCount(m.lagEvents);
  return translateOr('admin.readModels.text.eventsBehind', `${events} behind, the oldest ${ago} ago`, { events, duration: ago });
}

/** '4,000 of 12,000 events (33%) · 1,234 events/s · about 7 s left'. */
export function progressText(p: ProgressData): string {
  const percent = p.eventsTotal ? String(Math.min(100, Math.floor((p.eventsDone / p.eventsTotal) * 100))) : '';
  const done = p.eventsTotal
    ? translateOr('admin.readModels.text.doneOf', `${number(p.eventsDone)} of ${eventCount(p.eventsTotal)} (${percent}%)`, {
        done: number(p.eventsDone),
        total: eventCount(p.eventsTotal),
        percent,
      })
    : eventCount(p.eventsDone);
  const rate = number(p.eventsPerSecond);
  const parts = [done, translateOr('admin.readModels.text.rate', `${rate} events/s`, { rate })];
  if (p.secondsLeft !== null && p.eventsDone > 0) {
    const left = duration(p.secondsLeft);
    parts.push(translateOr('admin.readModels.text.left', `about ${left} left`, { duration: left }));
  }
  return parts.join(' · ');
}

export function operatorText(by: OperatorData): string {
  if (by.via === 'CLI') {
    const user = by.osUser ?? translateOr('admin.readModels.text.someone', 'someone');
    const host = by.host ?? translateOr('admin.readModels.text.anotherMachine', 'another machine');
    return translateOr('admin.readModels.text.commandLine', `${user} at the command line on ${host}`, { user, host });
  }
  return by.person?.emailAddress ?? by.person?.displayName ?? translateOr('admin.readModels.text.anAdmin', 'an admin');
}

/** What came of it: 'Rebuilt from 12,000 events in 3.4 s', '2 tables differ: months (1 only live, 1 only in the rebuild)'. */
export function resultText(op: OperationData): string {
  if (op.outcome === 'RUNNING') {
    if (!op.progress) return translateOr('admin.readModels.text.running', 'Running');
    const progress = progressText(op.progress);
    return translateOr('admin.readModels.text.runningWith', `Running: ${progress}`, { progress });
  }
  if (op.outcome === 'INTERRUPTED') {
    const error = op.error ?? translateOr('admin.readModels.text.processEnded', 'its process ended');
    return translateOr('admin.readModels.text.interrupted', `Interrupted: ${error}`, { error });
  }
  if (op.outcome === 'FAILED') {
    const error = op.error ?? translateOr('admin.readModels.text.unknownError', 'unknown error');
    return translateOr('admin.readModels.text.failed', `Failed: ${error}`, { error });
  }
  if (op.kind === 'RESUME') {
    return op.cleared
      ? translateOr('admin.readModels.text.cleared', 'Failure cleared: the event is tried again')
      : translateOr('admin.readModels.text.notStopped', 'It had not stopped: nothing to clear');
  }
  const events = op.events !== null && op.durationMs !== null ? eventCount(op.events) : null;
  const took = op.durationMs !== null ? duration(op.durationMs / 1000) : '';
  const how = events === null ? 'untimed' : 'timed';
  const english = events === null ? '' : ` ${events} in ${took}`;
  if (op.kind === 'REBUILD')
    return translateOr('admin.readModels.text.rebuilt', `Rebuilt from${english} and swapped in`, { how, events: events ?? '', took });
  const differences = op.differences ?? [];
  if (!differences.length)
    return translateOr('admin.readModels.text.replayed', `Replayed${english}: no differences`, { how, events: events ?? '', took });
  const list = differences
    .map((d) => {
      const [live, rebuilt] = [number(d.onlyLive), number(d.onlyRebuilt)];
      return translateOr('admin.readModels.text.difference', `${d.table} (${live} only live, ${rebuilt} only in the replay)`, {
        table: d.table,
        live,
        rebuilt,
      });
    })
    .join(', ');
  return translateOr(
    'admin.readModels.text.differ',
    `Replayed${english}: ${countOf(differences.length, 'table')} differ${differences.length === 1 ? 's' : ''}: ${list}`,
    { how, events: events ?? '', took, count: differences.length, list },
  );
}
