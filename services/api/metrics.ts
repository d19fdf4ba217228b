/**
 * Prometheus metrics at GET /metrics (prom-client), one registry per API process:
 * - tertulia_graphql_operations_total{operation,kind,outcome} and
 *   tertulia_graphql_operation_duration_seconds{operation,kind}: rate and latency per operation
 *   (the operation's name as the client sent it; 'anonymous' without one).
 * - tertulia_events_appended_total: events appended by this process's commands (rate() gives appends/s).
 * - tertulia_projection_lag_seconds{projection}: age of the oldest event a read model has not
 *   applied (0 when caught up); tertulia_projection_failed{projection}: 1 while it is stopped.
 * - tertulia_job_queue_depth{queue}: jobs waiting per queue.
 * - the process's own metrics (process_*, nodejs_*).
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

export function createMetrics(runtime: Pick<Runtime, 'runner' | 'dispatch' | 'jobs' | 'store' | 'commands'>) {
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

  new Gauge({
    name: 'tertulia_projection_lag_seconds',
    help: 'Age of the oldest event a read model has not applied yet (0 when caught up).',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      const now = Date.now();
      for (const s of await projectionStatuses(runtime)) {
        const [next] = s.behind ? await runtime.store.readAll(s.checkpoint, 1) : [];
        this.set({ projection: s.name }, next ? Math.max(0, (now - next.recordedAt.getTime()) / 1000) : 0);
      }
    },
  });
  new Gauge({
    name: 'tertulia_projection_failed',
    help: '1 while a read model is stopped at an event it cannot apply.',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      for (const s of await projectionStatuses(runtime)) this.set({ projection: s.name }, s.failure ? 1 : 0);
    },
  });
  new Gauge({
    name: 'tertulia_job_queue_depth',
    help: 'Jobs waiting per queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, depth] of Object.entries(await runtime.jobs.queueDepths())) this.set({ queue }, depth);
    },
  });

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
      const op = (args.document.definitions as readonly DefinitionNode[]).find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
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

  return { registry, plugin };
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
