/**
 * A grade posted for a marked conversation reaches the LMS exactly once across a worker crash
 * (issue 33): the product's own worker process (`scripts/start.ts --role worker`) is killed with
 * SIGKILL at the worst moment (the platform peer has applied the score and holds its answer, so the
 * job has not completed), another worker is started, and the platform shows one applied score while
 * the job completes. What makes it hold: the score's timestamp is the marking's, recorded before the
 * post, so the second post is the same score, which AGS says changes nothing (docs/decisions/lti.md).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadConfig } from '../../services/app/config';
import { createRuntime, type Runtime } from '../../services/app/runtime';
import { createServer } from '../../services/api/server';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import type { VerifiedLaunch } from '../../services/domain/lti/claims';
import { LTI_PATHS } from '../../services/integrations/lti/paths';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { systemEvent } from '../support/events';
import { eventually } from '../support/eventually';
import { startLtiPlatform, type LtiPlatformPeer } from '../support/ltiPlatform';
import { freePort } from '../support/ports';
import { tethered } from '../../scripts/support/tether';

const START = path.resolve(import.meta.dirname, '../../scripts/start.ts');
const SECRET = 'test-secret-not-for-production-0123456789';
const children: ChildProcess[] = [];

let db: TestDatabase;
let api: Runtime;
let server: ReturnType<typeof createServer>;
let peer: LtiPlatformPeer;

/** The product's worker role (read models and jobs) on the test's database; resolves once it runs. */
async function startWorker() {
  const child = tethered(
    spawn(process.execPath, ['--import', 'tsx', START, '--role', 'worker'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: db.url,
        PORT: String(await freePort()),
        AUTH_SECRET: SECRET,
        SEED_DEMO: 'off',
        LOG_LEVEL: 'silent',
        DATA_DIR: '.test-data/lti-grades',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => /Tertulia projector worker running/.test(String(chunk)) && resolve());
    child.on('exit', (code) => reject(new Error(`the worker exited early (${code})`)));
  });
  return child;
}

beforeAll(async () => {
  db = await createTestDatabase('lti_grades');
  const port = await freePort();
  // The API the platform calls back (our JWKS), with no projectors or jobs: those are the workers'.
  api = await createRuntime(
    loadConfig(
      { ...process.env, NODE_ENV: 'test', AUTH_SECRET: SECRET },
      { port, publicUrl: `http://127.0.0.1:${port}`, logLevel: 'silent', seedDemo: false, dataDir: '.test-data/lti-grades' },
    ),
    { databaseUrl: db.url, runProjections: false, runJobs: false },
  );
  server = createServer(api);
  await server.listen(port, '127.0.0.1');
  peer = await startLtiPlatform();
  peer.tool = { jwksUrl: `http://127.0.0.1:${port}${LTI_PATHS.jwks}`, redirectUris: [] };
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await server?.close();
  await api?.close();
  await peer?.close();
  await db?.drop();
});

describe('LTI scores across a worker crash', () => {
  it('reach the platform exactly once when the worker dies after the platform applied the score, and the job completes', async () => {
    const meta = { actor: SYSTEM_ACTOR };
    const { result: platform } = await api.lti.registerPlatform(meta, {
      name: 'Crash LMS',
      issuer: peer.issuer,
      clientId: peer.clientId,
      deploymentIds: [peer.deploymentId],
      authLoginUrl: peer.authLoginUrl,
      accessTokenUrl: peer.accessTokenUrl,
      jwksUrl: peer.jwksUrl,
    });
    const client = { id: platform.platformId, clientId: peer.clientId, accessTokenUrl: peer.accessTokenUrl };
    const lessonId = `lesson-${crypto.randomUUID()}`;
    const courseId = `course-${crypto.randomUUID()}`;
    const lineItemUrl = await api.ltiServices.createLineItem(client, `${peer.url}/ags/crash-101/lineitems`, {
      label: 'Spanish 101: Greetings',
      scoreMaximum: 1,
      resourceId: lessonId,
      tag: 'tertulia-lesson',
    });
    await api.lti.recordLineItem(meta, { lessonId, courseId, platformId: platform.platformId, lineItemUrl, label: 'x', scoreMaximum: 1 });
    // The student's launch from the LMS (made just in time; the launch's own checks are lti.test.ts's).
    const launch: VerifiedLaunch = {
      messageType: 'LtiResourceLinkRequest',
      deploymentId: peer.deploymentId,
      subject: 'lms-crash-learner',
      email: 'crash-learner@school.example',
      givenName: null,
      familyName: null,
      role: 'STUDENT',
      contextId: 'crash-101',
      contextTitle: null,
      membershipsUrl: null,
      lineItemsUrl: null,
      resourceLinkId: 'link-1',
      targetLinkUri: null,
      custom: {},
      deepLinking: null,
    };
    const { result: student } = await api.lti.launch(meta, {
      platformId: platform.platformId,
      issuer: peer.issuer,
      launch,
      ip: null,
      courseId: null,
    });

    let worker = await startWorker();
    await eventually(
      async () => {
        const { rows } = await db.pool.query(
          `SELECT (SELECT count(*) FROM rm_lti.lti_line_items WHERE lesson_id = $1)::int AS items,
                (SELECT count(*) FROM rm_lti.lti_user_links WHERE account_id = $2)::int AS links`,
          [lessonId, student.accountId],
        );
        return rows[0].items === 1 && rows[0].links === 1;
      },
      'the worker’s read models to hold the line item and the student’s link',
      60_000,
    );

    const held = peer.holdNextAppliedScore();
    const conversationId = `crash-${crypto.randomUUID()}`;
    const markedAt = new Date(Date.now() - 60_000);
    await api.store.appendToStreams([
      {
        stream: `conversation-${conversationId}`,
        expected: 'no_stream',
        events: [
          systemEvent('ConversationReserved', {
            conversationId,
            kind: 'lesson',
            provider: 'local',
            reservedBy: student.accountId,
            reservedWith: 'speaker-1',
            reservedStart: new Date(Date.now() - 3600_000).toISOString(),
            reservedEnd: new Date(Date.now() - 3600_000 + 15 * 60_000).toISOString(),
            duration: 15,
            learningLanguage: 'es',
            courseId,
            lessonId,
            minutes: 15,
          }),
          systemEvent(
            'ConversationMarked',
            { conversationId, markedAs: 'completed', previous: null, markedBy: null, refundedMinutes: 0, bonusMinutes: 0, promotion: null },
            markedAt,
          ),
        ],
      },
    ]);

    // The worst moment: the platform applied the score, the worker has not heard so.
    await held.applied;
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    held.release();
    const job = async () =>
      (await db.pool.query(`SELECT id, state FROM pgboss.job WHERE name = 'lti-score' AND data->>'conversationId' = $1`, [conversationId]))
        .rows[0];
    assert.equal((await job()).state, 'active', 'the job did not complete');
    assert.deepEqual(
      (await api.store.readStream(`lti-score-${conversationId}`)).map((e) => e.type),
      ['LtiScoreSending'],
      'the dead worker recorded no answer',
    );

    // The job's run is over (its 2-minute expiry, passed by moving its start back) and pg-boss's own
    // maintenance, which a running worker does every 2 minutes, fails it for a retry; its backoff is
    // passed too. Then another worker takes it.
    await db.pool.query(`UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE id = $1`, [(await job()).id]);
    const boss = new PgBoss({ connectionString: db.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    await boss.maintain();
    await boss.stop({ graceful: false });
    assert.equal((await job()).state, 'retry');
    await db.pool.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [(await job()).id]);
    worker = await startWorker();

    await eventually(async () => (await job()).state === 'completed', 'the job completed by the second worker', 60_000);
    const applied = peer.received.applied.filter((a) => a.lineItemId === lineItemUrl);
    assert.equal(applied.length, 1, 'one score applied by the platform');
    assert.equal(applied[0].score.timestamp, markedAt.toISOString());
    assert.equal(peer.received.scores.filter((s) => s.lineItemId === lineItemUrl).length, 2, 'posted twice, the same score');
    assert.deepEqual(
      (await api.store.readStream(`lti-score-${conversationId}`)).map((e) => e.type),
      ['LtiScoreSending', 'LtiScoreSent'],
    );
  });
});
