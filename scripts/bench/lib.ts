/**
 * Small helpers for the benchmarks in scripts/bench: time-budgeted concurrent measurements, the CPU
 * they cost, and a plain-text table that later rows (e.g. a projector replay) can be appended to.
 */
import fs from 'node:fs';

export interface Measurement {
  /** Units of work done (rows, events) inside the measured window. */
  units: number;
  /** Operations (transactions, calls) done inside the measured window. */
  operations: number;
  seconds: number;
  /** units / second */
  rate: number;
  /** CPU spent from the window's start to its end (measureConcurrent only; null parts: not Linux). */
  cpu?: CpuSpent;
}

/** CPU time in ms: this process (every thread), the calling thread alone, PostgreSQL's server processes. */
export interface CpuSpent {
  processMs: number;
  threadMs: number | null;
  postgresMs: number | null;
}

/** A reading of the clocks: PostgreSQL's per process, so one that exits meanwhile takes nothing away. */
export interface CpuReading extends CpuSpent {
  postgresByPid: Map<string, number> | null;
}

/** The kernel's clock ticks per second for /proc times (USER_HZ, 100 on Linux's usual builds). */
const TICK_MS = 10;

/** CPU time (user + system, ms) a process has spent, from /proc; null where there is no /proc. */
export const processCpuMs = (pid: number): number | null => procTimesMs(`/proc/${pid}/stat`);

function procTimesMs(statPath: string): number | null {
  try {
    const stat = fs.readFileSync(statPath, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return null;
  }
}

/** Every PostgreSQL server process on this machine (the benchmarks start the only cluster), by pid. */
function postgresByPid(): Map<string, number> | null {
  if (process.platform !== 'linux') return null;
  const times = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const ms = procTimesMs(`/proc/${pid}/stat`);
    if (ms != null) times.set(pid, ms);
  }
  return times;
}

/** A reading of the CPU clocks; two readings' difference is what was spent between them. */
export function readCpu(): CpuReading {
  const usage = process.cpuUsage();
  const byPid = postgresByPid();
  return {
    processMs: (usage.user + usage.system) / 1000,
    threadMs: process.platform === 'linux' ? procTimesMs('/proc/thread-self/stat') : null,
    postgresMs: byPid ? [...byPid.values()].reduce((a, b) => a + b, 0) : null,
    postgresByPid: byPid,
  };
}

/**
 * What was spent between two readings. PostgreSQL's is summed per process alive at the end (from
 * zero for one started meanwhile): a connection closed in between would otherwise subtract all it
 * ever spent. What such a process spent in the window is left out.
 */
export function cpuSpent(from: CpuReading, to: CpuReading): CpuSpent {
  const diff = (a: number | null, b: number | null) => (a == null || b == null ? null : b - a);
  let postgresMs: number | null = null;
  if (from.postgresByPid && to.postgresByPid) {
    postgresMs = 0;
    for (const [pid, ms] of to.postgresByPid) postgresMs += ms - (from.postgresByPid.get(pid) ?? 0);
  }
  return { processMs: to.processMs - from.processMs, threadMs: diff(from.threadMs, to.threadMs), postgresMs };
}

export interface ConcurrentOptions {
  /** Concurrent workers; each runs `operation` in a loop. */
  workers: number;
  /** Measured time; operations started before the deadline are counted. Default 4000. */
  budgetMs?: number;
  /** Unmeasured warm-up before the window. Default 500. */
  warmupMs?: number;
  /** Does one operation for `worker` (0-based); returns the units it did. */
  operation: (worker: number, iteration: number) => Promise<number>;
}

/**
 * Runs `workers` loops of `operation` for a warm-up, then for `budgetMs`, and reports the rate
 * over the measured window only.
 */
export async function measureConcurrent(options: ConcurrentOptions): Promise<Measurement> {
  const budgetMs = options.budgetMs ?? 4000;
  const warmupMs = options.warmupMs ?? 500;
  const start = performance.now();
  const measureFrom = start + warmupMs;
  const deadline = measureFrom + budgetMs;
  let units = 0;
  let operations = 0;
  let firstCounted = Infinity;
  let lastCounted = measureFrom;
  // The CPU clocks read when the window opens and closes (operations in flight at either edge
  // count on one side and not the other, about evenly).
  let cpuAtStart: CpuReading | null = null;
  let cpuAtEnd: CpuReading | null = null;
  const opening = setTimeout(() => {
    cpuAtStart = readCpu();
  }, warmupMs);
  const closing = setTimeout(() => {
    cpuAtEnd = readCpu();
  }, warmupMs + budgetMs);
  await Promise.all(
    Array.from({ length: options.workers }, async (_, worker) => {
      for (let iteration = 0; ; iteration++) {
        const begun = performance.now();
        if (begun >= deadline) return;
        const done = await options.operation(worker, iteration);
        const ended = performance.now();
        if (begun >= measureFrom) {
          units += done;
          operations += 1;
          firstCounted = Math.min(firstCounted, begun);
          lastCounted = Math.max(lastCounted, ended);
        }
      }
    }),
  );
  clearTimeout(opening);
  clearTimeout(closing);
  cpuAtEnd ??= readCpu();
  const seconds = Math.max(lastCounted - Math.min(firstCounted, lastCounted), 1) / 1000;
  return { units, operations, seconds, rate: units / seconds, ...(cpuAtStart ? { cpu: cpuSpent(cpuAtStart, cpuAtEnd) } : {}) };
}

/** Adds up measurements of the same thing taken in several slices. */
export function combine(measurements: Measurement[]): Measurement {
  const units = measurements.reduce((sum, m) => sum + m.units, 0);
  const operations = measurements.reduce((sum, m) => sum + m.operations, 0);
  const seconds = measurements.reduce((sum, m) => sum + m.seconds, 0);
  return { units, operations, seconds, rate: units / seconds };
}

/**
 * The middle one of several measurements of the same thing, by rate (the lower middle of an even
 * number): on a machine whose speed drifts, one window can land in a slow or fast second.
 */
export function median<M extends Measurement>(measurements: M[]): M {
  if (!measurements.length) throw new Error('median of no measurements');
  const sorted = [...measurements].sort((a, b) => a.rate - b.rate);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Measures several contenders in alternating slices (A, B, A, B, ...) and combines each one's
 * slices, so that drift in the machine (disk flush latency, noisy neighbours) hits all of them
 * alike. Each contender gets `rounds` slices of its own budget.
 */
export async function measureInterleaved(rounds: number, contenders: (() => Promise<Measurement>)[]): Promise<Measurement[]> {
  const slices: Measurement[][] = contenders.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, measure] of contenders.entries()) slices[i].push(await measure());
  }
  return slices.map(combine);
}

/** Times one run of `work`, which returns the units it did. */
export async function measureOnce(work: () => Promise<number>): Promise<Measurement> {
  const start = performance.now();
  const units = await work();
  const seconds = Math.max(performance.now() - start, 1) / 1000;
  return { units, operations: 1, seconds, rate: units / seconds };
}

export function formatRate(rate: number): string {
  return Math.round(rate).toLocaleString('en-US');
}

export function formatRatio(ratio: number | null | undefined): string {
  return ratio == null || !Number.isFinite(ratio) ? '' : `${ratio.toFixed(2)}x`;
}

export type Cell = string | number | null | undefined;

/** A plain-text table: add rows as measurements come in, print at the end (or as you go). */
export class Table {
  readonly rows: string[][] = [];

  constructor(
    readonly columns: string[],
    /** Per column: 'left' or 'right' alignment (default: first column left, others right). */
    readonly align: ('left' | 'right')[] = columns.map((_, i) => (i === 0 ? 'left' : 'right')),
  ) {}

  add(...cells: Cell[]): this {
    this.rows.push(this.columns.map((_, i) => (cells[i] == null ? '' : String(cells[i]))));
    return this;
  }

  toString(): string {
    const widths = this.columns.map((c, i) => Math.max(c.length, ...this.rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells
        .map((cell, i) => (this.align[i] === 'left' ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  ')
        .trimEnd();
    const rule = widths.map((w) => '-'.repeat(w)).join('  ');
    return [line(this.columns), rule, ...this.rows.map(line)].join('\n');
  }

  print(out: (text: string) => void = console.log): void {
    out(this.toString());
  }
}

/**
 * With BENCH_CPU_PROFILE_DIR set, records this thread's CPU profile while `work` runs and writes it
 * to `<dir>/<name>.cpuprofile` (open it in Chrome's DevTools or speedscope): one measurement's
 * profile, without the set-up and warm-up that `node --cpu-prof` would mix into it.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  if (!dir) return work();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}
