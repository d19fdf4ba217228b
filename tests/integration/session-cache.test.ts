/**
 * Open sessions remembered per API process (services/api/sessionCache.ts): a sign-out holds at once
 * in the process that ran it, and in another that had the session in memory once its notice arrives.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadConfig } from '../../services/app/config';
import { createRuntime, type Runtime } from '../../services/app/runtime';
import { createServer } from '../../services/api/server';
import { startTestApp, signUp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { freePort } from '../support/ports';

const ME = `{ me { id } }`;
const LOGOUT = `mutation { logout { loggedOut } }`;

describe('remembered sessions', () => {
  let a: TestApp;
  let other: Runtime;
  let server: ReturnType<typeof createServer>;
  let otherUrl: string;

  beforeAll(async () => {
    a = await startTestApp({ rateLimits: false }, 'session_cache');
    // A second API process on the same database, no projectors or jobs (as `--role api`).
    const port = await freePort();
    otherUrl = `http://127.0.0.1:${port}`;
    other = await createRuntime(
      loadConfig(
        { ...process.env, NODE_ENV: 'test', AUTH_SECRET: 'test-secret-not-for-production-0123456789' },
        { port, publicUrl: otherUrl, logLevel: 'silent', seedDemo: false, dataDir: '.test-data/app', rateLimits: false },
      ),
      { databaseUrl: a.databaseUrl, runProjections: false, runJobs: false },
    );
    server = createServer(other);
    await server.listen(port, '127.0.0.1');
  });
  afterAll(async () => {
    await server?.close();
    await other?.close();
    await a?.close();
  });

  const gqlOther = async (query: string, token: string) =>
    (await (
      await fetch(`${otherUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tertulia-build': 'test', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      })
    ).json()) as any;

  it('a sign-out holds at once in the process that ran it, and in another that remembered the session once the notice arrives', async () => {
    for (let i = 0; i < 5; i++) {
      const { token, accountId } = await signUp(a, `remembered-${i}@example.com`);
      // Both processes remember the open session (asked twice each).
      for (let k = 0; k < 2; k++) {
        assert.equal((await gqlOther(ME, token)).data.me.id, accountId);
        assert.equal((await a.gql(ME, {}, token)).data.me.id, accountId);
      }
      const throughOther = i % 2 === 1;
      const viaFirst = (query: string, token: string) => a.gql(query, {}, token);
      const [ran, another] = throughOther ? [gqlOther, viaFirst] : [viaFirst, gqlOther];
      const anotherSessions = (throughOther ? a.runtime : other).sessions;
      const before = anotherSessions.forgotten;
      const out = await ran(LOGOUT, token);
      assert.equal(out.data.logout.loggedOut, true);
      assert.equal((await ran(ME, token)).data.me, null, `round ${i}: the process that ran the sign-out refuses the token at once`);
      // PostgreSQL delivers the notice to the other process within moments, on its own time.
      await eventually(async () => anotherSessions.forgotten > before, `round ${i}: the notice to reach the other process`, 5_000);
      assert.equal((await another(ME, token)).data.me, null, `round ${i}: the other process refuses it from then on`);
    }
  });
});
