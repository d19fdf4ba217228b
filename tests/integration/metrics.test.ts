/** GET /metrics (issue 13): operation rate and latency, appends, projection lag, job queues; the optional token. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../support/app';

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
});
