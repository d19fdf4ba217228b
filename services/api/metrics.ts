/**
 * Prometheus metrics at GET /metrics (prom-client), one registry per API process:
 * - tertulia_graphql_operations_total{operation,kind,outcome} and
 *   tertulia_graphql_operation_duration_seconds{operation,kind}: rate and latency per operation
 *   (the operation's name as the client sent it; 'anonymous' without one).
 * - tertulia_events_appended_total: events appended by this process's commands (rate() gives appends/s).
 * - tertulia_projection_lag_seconds{projection}: age of the oldest event a read model has not
 *   applied (0 when caught up); tertulia_projection_failed{projection}: 1 while it is stopped.
 * - tertulia_job_queue_depth{queue}: jobs waiting per queue (scheduled ones included);
 *   tertulia_job_queue_oldest_due_seconds{queue}: how long the oldest job that is due has waited.
 * - tertulia_http_responses_total{status_class}: HTTP responses by class (2xx … 5xx).
 * - tertulia_change_subscriptions{topic}: GraphQL subscriptions of this process listening now.
 * - tertulia_database_up: 1 when the database answers a trivial query within 5 s. When it does not,
 *   the gauges read from it are left out of that scrape rather than failing it.
 * - the process's own metrics (process_*, nodejs_*).
 * Alert rules and a Grafana dashboard on these: ops/monitoring/.
 * With METRICS_TOKEN set the endpoint needs `Authorization: Bearer <token>`.
 */
import crypto from 'node:crypto';
import type express from 'express';
import type { DefinitionNode, OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { projectionStatuses, type Runtime } from '../app/runtime';

export const METRICS_PATH = '/metrics';
/** Operation names are the client's: cap how many distinct ones a process labels. */
const MAX_OPERATION_LABELS = 500;
/** How long a scrape waits for the database to answer before reporting it unreachable. */
const DATABASE_PROBE_MS = 5000;

/** 1 when the database answers `SELECT 1` within DATABASE_PROBE_MS, else 0. */
async function databaseAnswers(pool: Pick<Runtime['pool'], 'query'>): Promise<0 | 1> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<0>((resolve) => {
    timer = setTimeout(() => resolve(0), DATABASE_PROBE_MS);
  });
  try {
    return await Promise.race([
      pool.query('SELECT 1').then(
        () => 1 as const,
        () => 0 as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A gauge read from the database at each scrape. Should the read fail (the database unreachable),
 * the gauge shows nothing in that scrape, so the rest of /metrics, tertulia_database_up among it,
 * still answers.
 */
function databaseGauge(registry: Registry, name: string, help: string, labelName: string, read: () => Promise<Iterable<[string, number]>>) {
  return new Gauge({
    name,
    help,
    labelNames: [labelName],
    registers: [registry],
    async collect() {
      let values: Iterable<[string, number]>;
      try {
        values = await read();
      } catch {
        this.reset();
        return;
      }
      for (const [label, value] of values) this.set({ [labelName]: label }, value);
    },
  });
}

export function createMetrics(runtime: Pick<Runtime, 'runner' | 'dispatch' | 'jobs' | 'store' | 'commands' | 'pool' | 'changes'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const operations = new Counter({
    name: 'tertulia_graphql_operations_total',
    help: 'GraphQL operations by name, kind and outcome (ok or error).',
    labelNames: ['operation', 'kind', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tertulia_graphql_operation_duration_seconds',
    help: 'GraphQL operation latency by name and kind.',
    labelNames: ['operation', 'kind'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const appended = new Counter({ name: 'tertulia_events_appended_total', help: 'Events appended by this process.', registers: [registry] });
  runtime.commands.onAppended = (n) => appended.inc(n);

  databaseGauge(
    registry,
    'tertulia_projection_lag_seconds',
    'Age of the oldest event a read model has not applied yet (0 when caught up).',
    'projection',
    async () => {
      const now = Date.now();
      const lags: [string, number][] = [];
      for (const s of await projectionStatuses(runtime)) {
        const [next] = s.behind ? await runtime.store.readAll(s.checkpoint, 1) : [];
        lags.push([s.name, next ? Math.max(0, (now - next.recordedAt.getTime()) / 1000) : 0]);
      }
      return lags;
    },
  );
  databaseGauge(
    registry,
    'tertulia_projection_failed',
    '1 while a read model is stopped at an event it cannot apply.',
    'projection',
    async () => (await projectionStatuses(runtime)).map((s) => [s.name, s.failure ? 1 : 0]),
  );
  databaseGauge(registry, 'tertulia_job_queue_depth', 'Jobs waiting per queue, those scheduled for later included.', 'queue', async () =>
    Object.entries(await runtime.jobs.queueDepths()),
  );
  databaseGauge(
    registry,
    'tertulia_job_queue_oldest_due_seconds',
    'Seconds the oldest due job of a queue has waited for a worker (0 when none).',
    'queue',
    async () => Object.entries(await runtime.jobs.oldestDueAges()),
  );
  new Gauge({
    name: 'tertulia_database_up',
    help: '1 when the database answers a trivial query within 5 s, else 0.',
    registers: [registry],
    async collect() {
      this.set(await databaseAnswers(runtime.pool));
    },
  });
  new Gauge({
    name: 'tertulia_change_subscriptions',
    help: 'GraphQL subscriptions of this process listening for changes now, by topic.',
    labelNames: ['topic'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [topic, n] of runtime.changes.openSubscriptions()) this.set({ topic }, n);
    },
  });
  const responses = new Counter({
    name: 'tertulia_http_responses_total',
    help: 'HTTP responses by status class (2xx, 3xx, 4xx, 5xx).',
    labelNames: ['status_class'] as const,
    registers: [registry],
  });
  /** Counts a finished HTTP response (server.ts calls it for every one). */
  const countResponse = (status: number) => responses.inc({ status_class: `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx` });

  const seen = new Set<string>();
  const labelOf = (name: string | null | undefined) => {
    const operation = name && /^[_A-Za-z][_0-9A-Za-z]{0,99}$/.test(name) ? name : 'anonymous';
    if (seen.has(operation) || seen.size < MAX_OPERATION_LABELS) {
      seen.add(operation);
      return operation;
    }
    return 'other';
  };

  /** Times every executed operation (queries and mutations; subscriptions by their setup). */
  const plugin: Plugin = {
    onExecute({ args }) {
      const started = process.hrtime.bigint();
      const op = (args.document.definitions as readonly DefinitionNode[]).find(
        (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
      );
      const kind = op?.operation ?? 'query';
      const operation = labelOf(args.operationName ?? op?.name?.value);
      return {
        onExecuteDone({ result }) {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const failed = !!(result && 'errors' in result && result.errors?.length);
          operations.inc({ operation, kind, outcome: failed ? 'error' : 'ok' });
          duration.observe({ operation, kind }, seconds);
        },
      };
    },
  };

  return { registry, plugin, countResponse };
}
export type Metrics = ReturnType<typeof createMetrics>;

export function mountMetrics(app: express.Express, metrics: Metrics, token: string | null, open: boolean) {
  app.get(METRICS_PATH, async (req, res) => {
    if (token || !open) {
      const given = Buffer.from(req.get('authorization')?.replace(/^Bearer /i, '') ?? '');
      const expected = Buffer.from(token ?? '');
      if (!token || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('A metrics token is needed.\n');
        return;
      }
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
