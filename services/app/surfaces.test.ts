/** The production start's rules (issue 27, findings 5 and 6): development surfaces off unless named, holes refused. */
import assert from 'node:assert/strict';
import { it } from 'vitest';
import { loadConfig, parseCorsOrigins } from './config';
import { surfacesSummary } from './surfaces';

const base = { AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '.test-data/surfaces' };
const PRODUCTION = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://tertulia.school.example' };
const CONFIGURED = { SMTP_URL: 'smtps://u:p@smtp.example.com:465', STRIPE_SECRET_KEY: 'sk_test_x', METRICS_TOKEN: 'metrics-token' };

it('a production start without mail, card gateway or metrics token refuses, naming all three', () => {
  assert.throws(
    () => loadConfig(PRODUCTION),
    (error: Error) => /SMTP_URL/.test(error.message) && /STRIPE_SECRET_KEY/.test(error.message) && /METRICS_TOKEN/.test(error.message),
  );
  assert.throws(() => loadConfig({ ...PRODUCTION, ...CONFIGURED, METRICS_TOKEN: '' }), /METRICS_TOKEN/);
});

it('production with everything configured: every development surface off; DEV_SURFACES keeps the named ones', () => {
  const config = loadConfig({ ...PRODUCTION, ...CONFIGURED });
  assert.deepEqual(config.surfaces, { mailbox: false, localPayments: false, openMetrics: false, graphiql: false, introspection: false });
  const summary = surfacesSummary(config, config.surfaces).join('\n');
  console.log(summary);
  assert.match(summary, /off local mailbox/);
  const kept = loadConfig({ ...PRODUCTION, DEV_SURFACES: 'mailbox, local-payments,open-metrics,graphiql' });
  assert.deepEqual(kept.surfaces, { mailbox: true, localPayments: true, openMetrics: true, graphiql: true, introspection: false });
  assert.throws(() => loadConfig({ ...PRODUCTION, DEV_SURFACES: 'everything' }), /unknown surface 'everything'/);
});

it('development keeps every surface on, as before', () => {
  assert.deepEqual(loadConfig(base).surfaces, {
    mailbox: true,
    localPayments: true,
    openMetrics: true,
    graphiql: true,
    introspection: true,
  });
});

it('CORS_ORIGINS takes origins only: no wildcard, no null, no path', () => {
  assert.deepEqual(parseCorsOrigins(' https://a.example , http://localhost:5173 '), ['https://a.example', 'http://localhost:5173']);
  for (const bad of ['*', 'null', 'https://*.example', 'https://a.example/path', 'ftp://a.example', 'a.example'])
    assert.throws(() => parseCorsOrigins(bad), /not an origin/, bad);
});
