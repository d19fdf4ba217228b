/**
 * GET /metrics (issue 13): operation rate and latency, appends, projection lag, job queues; the
 * optional token. Issue 26: HTTP responses by class, the database's reachability, the job backlog,
 * and the alert rules and dashboard of ops/monitoring/, whose every metric must be exposed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { signUp, startTestApp, type TestApp } from '../support/app';
import { testAdminUrl } from '../support/database';
import { exposedSeries, metricNamesOf } from '../support/promql';

const MONITORING = path.join(import.meta.dirname, '../../ops/monitoring');
/** Series Prometheus makes itself for every target, never in /metrics. */
const PROMETHEUS_OWN = new Set(['up']);

describe('/metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ metricsToken: 'scrape-me' });
  });
  afterAll(() => app.close());

  const scrape = async (token?: string) => fetch(`${app.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('needs the token when one is set', async () => {
    assert.equal((await scrape()).status, 401);
    assert.equal((await scrape('wrong-token')).status, 401);
    assert.equal((await scrape('scrape-me')).status, 200);
  });

  it('counts operations by name and outcome, appends, and shows lag and queues', async () => {
    await signUp(app, `metrics-${Date.now()}@example.com`);
    await app.gql(`query MetricsProbe { lookupLanguages { code } }`);
    await app.gql(`query MetricsProbe { lookupLanguages { code } }`);
    await app.gql(`query BrokenProbe { me { nope } }`);
    const res = await scrape('scrape-me');
    assert.match(res.headers.get('content-type') ?? '', /text\/plain/);
    const text = await res.text();
    assert.match(text, /tertulia_graphql_operations_total\{operation="MetricsProbe",kind="query",outcome="ok"\} 2/);
    assert.match(text, /tertulia_graphql_operation_duration_seconds_count\{operation="MetricsProbe",kind="query"\} 2/);
    const appended = Number(/tertulia_events_appended_total (\d+)/.exec(text)?.[1]);
    assert.ok(appended > 0, 'the sign-up appended events');
    assert.match(text, /tertulia_projection_lag_seconds\{projection="accounts"\} [\d.]+/);
    assert.match(text, /tertulia_projection_failed\{projection="accounts"\} 0/);
    assert.match(text, /tertulia_projection_failed\{projection="job_dispatch"\} 0/, 'the job dispatcher too: when it stops, mail stops');
    assert.match(text, /tertulia_job_queue_depth\{queue="send-mail"\} \d+/);
    assert.match(text, /process_cpu_user_seconds_total/);
  });

  it('counts HTTP responses by class and says the database answers', async () => {
    await scrape('wrong-token');
    const text = await (await scrape('scrape-me')).text();
    assert.ok(Number(/tertulia_http_responses_total\{status_class="4xx"\} (\d+)/.exec(text)?.[1]) >= 1, 'the refused scrape is a 4xx');
    assert.ok(Number(/tertulia_http_responses_total\{status_class="2xx"\} (\d+)/.exec(text)?.[1]) >= 1);
    assert.match(text, /^tertulia_database_up 1$/m);
    assert.match(text, /tertulia_job_queue_oldest_due_seconds\{queue="send-mail"\} 0/, 'no mail waits once sent');
  });

  it('measures the backlog by due jobs only: a job scheduled for later waits in the depth, not in the backlog', async () => {
    const boss = new PgBoss({ connectionString: app.databaseUrl, supervise: false, schedule: false });
    await boss.start();
    try {
      for (const queue of ['probe-later', 'probe-due']) await boss.createQueue(queue);
      await boss.send('probe-later', {}, { startAfter: 3600 });
      await boss.send('probe-due', {}, { startAfter: new Date(Date.now() - 90_000) });
      const ages = await app.runtime.jobs.oldestDueAges(['probe-later', 'probe-due']);
      assert.equal(ages['probe-later'], 0);
      assert.ok(ages['probe-due'] >= 90 && ages['probe-due'] < 600, `the due job has waited about 90 s (${ages['probe-due']})`);
      assert.equal(await boss.getQueueSize('probe-later'), 1, 'the depth counts the later one');
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it('ships alert rules in Prometheus’ rule-file shape whose every metric /metrics exposes', async () => {
    const exposed = exposedSeries(await (await scrape('scrape-me')).text());
    const file = parseYaml(fs.readFileSync(path.join(MONITORING, 'alerts.yml'), 'utf8'));
    assert.deepEqual(Object.keys(file), ['groups']);
    const alerts = new Set<string>();
    for (const group of file.groups) {
      assert.ok(typeof group.name === 'string' && group.name, 'a group has a name');
      assert.deepEqual(
        Object.keys(group).filter((k) => !['name', 'interval', 'limit', 'query_offset', 'labels', 'rules'].includes(k)),
        [],
      );
      assert.ok(Array.isArray(group.rules) && group.rules.length > 0);
      for (const rule of group.rules) {
        assert.deepEqual(
          Object.keys(rule).filter((k) => !['alert', 'record', 'expr', 'for', 'keep_firing_for', 'labels', 'annotations'].includes(k)),
          [],
          rule.alert,
        );
        assert.ok(typeof rule.alert === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(rule.alert) && !rule.record, 'an alert rule, named');
        assert.ok(!alerts.has(rule.alert), `${rule.alert} once`);
        alerts.add(rule.alert);
        if (rule.for !== undefined) assert.match(rule.for, /^(\d+(ms|s|m|h|d|w|y))+$/, rule.alert);
        assert.ok(['critical', 'warning'].includes(rule.labels?.severity), `${rule.alert} has a severity`);
        assert.ok(
          typeof rule.annotations?.summary === 'string' && typeof rule.annotations?.description === 'string',
          `${rule.alert} says what and why`,
        );
        for (const name of metricNamesOf(rule.expr))
          assert.ok(PROMETHEUS_OWN.has(name) || exposed.has(name), `${rule.alert}: ${name} is in /metrics`);
      }
    }
    // What issue 26 asks to be alerted on.
    for (const name of [
      'TertuliaReadModelStopped',
      'TertuliaReadModelLagging',
      'TertuliaJobBacklog',
      'TertuliaHttp5xxRate',
      'TertuliaDatabaseUnreachable',
    ]) {
      assert.ok(alerts.has(name), name);
    }
  });

  it('ships a Grafana dashboard whose every query parses and names exposed metrics', async () => {
    const exposed = exposedSeries(await (await scrape('scrape-me')).text());
    const dashboard = JSON.parse(fs.readFileSync(path.join(MONITORING, 'grafana-dashboard.json'), 'utf8'));
    const panels = dashboard.panels.filter((p: any) => p.type !== 'row');
    assert.ok(panels.length >= 10);
    assert.equal(new Set(dashboard.panels.map((p: any) => p.id)).size, dashboard.panels.length, 'panel ids are unique');
    const shown = new Set<string>();
    for (const panel of panels) {
      assert.ok(panel.targets?.length, `${panel.title} has a query`);
      for (const target of panel.targets) {
        for (const name of metricNamesOf(target.expr)) {
          assert.ok(PROMETHEUS_OWN.has(name) || exposed.has(name), `${panel.title}: ${name} is in /metrics`);
          shown.add(name.replace(/_bucket$/, ''));
        }
      }
    }
    const ours = [...exposed].filter((n) => n.startsWith('tertulia_')).map((n) => n.replace(/_(bucket|sum|count)$/, ''));
    assert.deepEqual(
      ours.filter((n) => !shown.has(n)),
      [],
      'every tertulia_ metric is on the dashboard',
    );
  });

  // Last: it takes the database away from the app for a moment.
  it('says the database is unreachable, and still answers, when it is', async () => {
    const database = new URL(app.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: await testAdminUrl() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        database,
      ]);
      assert.equal((await fetch(`${app.url}/readyz`)).status, 503);
      const res = await scrape('scrape-me');
      assert.equal(res.status, 200, 'a scrape still answers');
      const text = await res.text();
      assert.match(text, /^tertulia_database_up 0$/m);
      assert.doesNotMatch(text, /tertulia_projection_failed\{/, 'what the database holds is left out, not guessed');
      assert.ok(Number(/tertulia_http_responses_total\{status_class="5xx"\} (\d+)/.exec(text)?.[1]) >= 1, 'the 503 counted');
    } finally {
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    assert.match(await (await scrape('scrape-me')).text(), /^tertulia_database_up 1$/m, 'and up again once it answers');
  });
});
