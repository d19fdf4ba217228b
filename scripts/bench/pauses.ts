/**
 * Where a process's time went while a bench ran (issue 31: a tail is pauses, not the work): the
 * event loop's delay histogram (perf_hooks.monitorEventLoopDelay: how late a timer ran, so any
 * blocking of the loop) and the garbage collector's pauses (PerformanceObserver 'gc' entries).
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface PauseStats {
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  gcCount: number;
  gcMajorCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
}

export function watchPauses() {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gc = { count: 0, major: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    read(): PauseStats {
      const ms = (ns: number) => ns / 1e6;
      return {
        loopP50Ms: ms(loop.percentile(50)),
        loopP99Ms: ms(loop.percentile(99)),
        loopMaxMs: ms(loop.max),
        gcCount: gc.count,
        gcMajorCount: gc.major,
        gcTotalMs: gc.totalMs,
        gcMaxMs: gc.maxMs,
      };
    },
    reset() {
      loop.reset();
      gc = { count: 0, major: 0, totalMs: 0, maxMs: 0 };
    },
    stop() {
      loop.disable();
      observer.disconnect();
    },
  };
}

/** The row a pause table prints for one process. */
export function pauseCells(stats: PauseStats): string[] {
  return [
    stats.loopP50Ms.toFixed(1),
    stats.loopP99Ms.toFixed(1),
    stats.loopMaxMs.toFixed(1),
    `${stats.gcCount} (${stats.gcMajorCount} major)`,
    stats.gcTotalMs.toFixed(0),
    stats.gcMaxMs.toFixed(1),
  ];
}
