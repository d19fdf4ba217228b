/**
 * Small helpers for the benchmarks in scripts/bench: time-budgeted concurrent measurements and a
 * plain-text table that later rows (e.g. a projector replay) can be appended to.
 */

export interface Measurement {
  /** Units of work done (rows, events) inside the measured window. */
  units: number;
  /** Operations (transactions, calls) done inside the measured window. */
  operations: number;
  seconds: number;
  /** units / second */
  rate: number;
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
  const seconds = Math.max(lastCounted - Math.min(firstCounted, lastCounted), 1) / 1000;
  return { units, operations, seconds, rate: units / seconds };
}

/** Adds up measurements of the same thing taken in several slices. */
export function combine(measurements: Measurement[]): Measurement {
  const units = measurements.reduce((sum, m) => sum + m.units, 0);
  const operations = measurements.reduce((sum, m) => sum + m.operations, 0);
  const seconds = measurements.reduce((sum, m) => sum + m.seconds, 0);
  return { units, operations, seconds, rate: units / seconds };
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
