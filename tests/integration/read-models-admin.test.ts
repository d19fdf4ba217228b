/**
 * Read models in the back-office (issue 26): every read model's state, rebuild, verify and resume
 * with a reason, each recorded on the read model's stream; one rebuild or verify at a time per read
 * model across processes (refused with who started the first); admins only.
 * The app's back-office rebuilds read the log in batches of 20, each 150 ms late (config
 * readModelRebuildTestPace, tests only), so that the test can act while one runs.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CommandExecutor } from '../../services/commands/execute';
import { recordFailure } from '../../services/feed/batch';
import { ReadModelOperations } from '../../services/feed/operations';
import { createPool } from '../../services/db/pool';
import type { EventStore } from '../../services/eventstore/port';
import { createPostgresEventStore } from '../../services/eventstore/postgres';
import { ReadModelMessages } from '../../contracts/validation/readModels';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { eventually } from '../support/eventually';
import { holdLesson } from '../support/payroll';
import { createSpeaker } from '../support/scheduling';

let app: TestApp;
let admin: { token: string; accountId: string };
let speaker: Awaited<ReturnType<typeof createSpeaker>>;
const ADMIN_EMAIL = 'readmodels.admin@example.com';

/** The back-office's rebuilds wait here after their first batch until the test has seen one part-way. */
let openGate!: () => void;
const gate = new Promise<void>((resolve) => (openGate = resolve));

beforeAll(async () => {
  app = await startTestApp({ readModelRebuildTestPace: { eventsPerBatch: 20, delayMs: 0, gate } }, 'read-models-admin');
  admin = await createAdmin(app, ADMIN_EMAIL);
  speaker = await createSpeaker(app);
  const start = new Date(Date.now() - 3 * 24 * 3600_000);
  for (let i = 0; i < 6; i++) await holdLesson(app, speaker.accountId, new Date(start.getTime() + i * 3600_000));
  await readModelsCaughtUp(
    app,
    app.runtime.runner.projectors.map((p) => p.name),
  );
});
afterAll(async () => {
  await app?.close();
});

const READ_MODELS = `{ readModels { id version checkpoint eventsApplied lagEvents lagSeconds state
  failure { eventType streamId streamVersion position failedOn error }
  running { id kind reason by { via osUser host person { emailAddress } } progress { eventsDone eventsTotal eventsPerSecond secondsLeft } } } }`;
const HISTORY = `query($name: ID!) { readModel(name: $name) { id state history { id kind reason outcome events durationMs error cleared startedOn finishedOn
  differences { table onlyLive onlyRebuilt } by { via osUser host person { emailAddress } } } } }`;
const mutation = (name: 'rebuildReadModel' | 'verifyReadModel' | 'resumeReadModel') =>
  `mutation($input: ${name[0].toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { operation { id kind outcome reason by { via person { emailAddress } } } } }`;
const REBUILD = mutation('rebuildReadModel');
const VERIFY = mutation('verifyReadModel');
const RESUME = mutation('resumeReadModel');
const PAYROLL = `query($s: DateTime!, $e: DateTime!) { payroll(startTime: $s, endTime: $e) { month totalPay conversationPayMinutes idlePayMinutes } }`;

async function operationEvents(): Promise<number> {
  const { rows } = await app.runtime.pool.query(`SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'read-model-%'`);
  return rows[0].n;
}
const historyOf = async (name: string) => {
  const res = await app.gql(HISTORY, { name }, admin.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.readModel;
};
const untilIdle = (name: string) =>
  eventually(
    async () => {
      assert.equal((await historyOf(name)).state, 'LIVE', `the state of ${name}`);
      return true;
    },
    `${name} to be live again`,
    60_000,
  );

/** A second process's operations on the same database (its own connections), whose rebuilds wait for `gate`. */
function otherProcess(gate: Promise<void>) {
  const pool = createPool(app.databaseUrl, 4);
  const store = createPostgresEventStore(pool);
  const gated: EventStore = Object.assign(Object.create(store), {
    readAll: async (...args: Parameters<EventStore['readAll']>) => {
      await gate;
      return store.readAll(...args);
    },
  });
  const ops = new ReadModelOperations({
    pool,
    readModelPool: pool,
    store: gated,
    runner: app.runtime.runner,
    commands: new CommandExecutor(store),
    emailOf: async () => null,
  });
  return {
    ops,
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
}

describe('read models in the back-office', () => {
  it('refuses every query and operation to a student, a speaker, an instructor and anyone signed out, recording nothing', async () => {
    const student = await signUp(app, 'readmodels.student@example.com');
    const instructor = await signUp(app, 'readmodels.instructor@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const before = await operationEvents();
    const input = { name: 'payroll', reason: 'Trying my luck' };
    for (const token of [student.token, speaker.token, instructor.token, null]) {
      for (const [query, variables] of [
        [READ_MODELS, {}],
        [HISTORY, { name: 'payroll' }],
        [REBUILD, { input }],
        [VERIFY, { input }],
        [RESUME, { input }],
      ] as const) {
        const res = await app.gql(query, variables, token);
        assert.equal(codeOf(res), 'UNAUTHORIZED', `${query.slice(0, 40)} as ${token ? 'signed in' : 'anonymous'}`);
        assert.equal(res.data?.readModels ?? res.data?.readModel ?? null, null);
      }
    }
    assert.equal(await operationEvents(), before, 'nothing recorded');
    assert.equal((await app.runtime.readModels.runningOperations()).size, 0, 'nothing started');
  });

  it('lists every read model with its version, checkpoint and lag, live', async () => {
    const res = await app.gql(READ_MODELS, {}, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const models = res.data.readModels;
    assert.deepEqual(
      models.map((m: any) => m.id),
      app.runtime.runner.projectors.map((p) => p.name),
    );
    const payroll = models.find((m: any) => m.id === 'payroll');
    const version = app.runtime.runner.projectors.find((p) => p.name === 'payroll')!.version;
    assert.equal(payroll.version, version);
    assert.match(payroll.checkpoint, /^\d+\/\d+$/);
    assert.ok(payroll.eventsApplied >= 24, 'six lessons of four events');
    assert.equal(payroll.state, 'LIVE');
    assert.equal(payroll.running, null);
    assert.equal(payroll.failure, null);
    assert.equal(typeof payroll.lagEvents, 'number');
    assert.ok(payroll.lagSeconds >= 0);
  });

  it('refuses a blank, NUL or too long reason and an unknown read model, recording nothing', async () => {
    const before = await operationEvents();
    for (const [input, message] of [
      [{ name: 'payroll', reason: '   ' }, ReadModelMessages.reasonRequired],
      [{ name: 'payroll', reason: 'a\u0000b' }, /NUL/],
      [{ name: 'payroll', reason: 'x'.repeat(501) }, /at most 500/],
      [{ name: 'no_such_model', reason: 'Why not' }, ReadModelMessages.unknownReadModel('no_such_model')],
    ] as const) {
      for (const query of [REBUILD, VERIFY, RESUME]) {
        const res = await app.gql(query, { input }, admin.token);
        assert.equal(codeOf(res), 'BAD_USER_INPUT', JSON.stringify(res.errors));
        if (typeof message === 'string') assert.equal(res.errors![0].message, message);
        else assert.match(res.errors![0].message, message);
      }
    }
    assert.equal(await operationEvents(), before);
  });

  it('rebuilds in the background with progress while the product answers from the live tables, refuses a second one naming the admin, and records it', async () => {
    const range = { s: new Date(Date.now() - 40 * 24 * 3600_000).toISOString(), e: new Date().toISOString() };
    const figures = async () => {
      const res = await app.gql(PAYROLL, range, speaker.token);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      return res.data.payroll;
    };
    const before = await figures();
    assert.ok(before.length >= 1);

    const started = await app.gql(REBUILD, { input: { name: 'payroll', reason: '  Payroll looked wrong to a speaker ' } }, admin.token);
    assert.equal(started.errors, undefined, JSON.stringify(started.errors));
    assert.deepEqual(started.data.rebuildReadModel.operation, {
      id: started.data.rebuildReadModel.operation.id,
      kind: 'REBUILD',
      outcome: 'RUNNING',
      reason: 'Payroll looked wrong to a speaker',
      by: { via: 'BACK_OFFICE', person: { emailAddress: ADMIN_EMAIL } },
    });

    // While it runs: a second rebuild or a verify is refused with who started it; the speaker's figures stay.
    for (const query of [REBUILD, VERIFY]) {
      const again = await app.gql(query, { input: { name: 'payroll', reason: 'Me too' } }, admin.token);
      assert.equal(codeOf(again), 'CONFLICT');
      assert.match(
        again.errors![0].message,
        new RegExp(
          `^payroll is being rebuilt already: started by ${ADMIN_EMAIL.replace('.', '\\.')} from the back-office on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(reason: Payroll looked wrong to a speaker\\)\\.`,
        ),
      );
    }
    try {
      await eventually(
        async () => {
          const payroll = (await app.gql(READ_MODELS, {}, admin.token)).data.readModels.find((m: any) => m.id === 'payroll');
          assert.equal(payroll.state, 'REBUILDING');
          assert.ok(payroll.running.progress.eventsDone > 0, 'some events read');
          assert.ok(payroll.running.progress.eventsDone < payroll.running.progress.eventsTotal, 'not all of them');
          assert.ok(payroll.running.progress.eventsPerSecond > 0);
          assert.equal(typeof payroll.running.progress.secondsLeft, 'number');
          assert.equal(payroll.running.by.person.emailAddress, ADMIN_EMAIL);
          return true;
        },
        'the payroll rebuild to show its progress',
        30_000,
      );
      assert.deepEqual(await figures(), before, 'the live tables answer during the rebuild');
    } finally {
      openGate();
    }

    await untilIdle('payroll');
    assert.deepEqual(await figures(), before, 'and the swapped-in ones after it');
    const [last] = (await historyOf('payroll')).history;
    assert.equal(last.id, started.data.rebuildReadModel.operation.id);
    assert.equal(last.kind, 'REBUILD');
    assert.equal(last.outcome, 'SUCCEEDED');
    assert.equal(last.reason, 'Payroll looked wrong to a speaker');
    assert.ok(last.events >= 24 && last.durationMs > 0);
    assert.ok(new Date(last.finishedOn) >= new Date(last.startedOn));
    assert.deepEqual(last.by, { via: 'BACK_OFFICE', osUser: null, host: null, person: { emailAddress: ADMIN_EMAIL } });
  });

  it('verifies, recording the differences it finds', async () => {
    // A live row changed behind the log's back.
    await app.runtime.pool.query(
      'UPDATE rm_payroll.months SET total = total + 1 WHERE ctid = (SELECT ctid FROM rm_payroll.months LIMIT 1)',
    );
    const res = await app.gql(VERIFY, { input: { name: 'payroll', reason: 'Checking after a manual fix' } }, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    await untilIdle('payroll');
    const [last] = (await historyOf('payroll')).history;
    assert.equal(last.kind, 'VERIFY');
    assert.equal(last.outcome, 'SUCCEEDED');
    assert.deepEqual(last.differences, [{ table: 'months', onlyLive: 1, onlyRebuilt: 1 }]);
  });

  it('shows a stopped read model with its event and error, and resumes it with the reason recorded', async () => {
    await recordFailure(app.runtime.pool, 'codes', {
      failedAt: new Date().toISOString(),
      position: '42',
      transactionId: '7',
      eventType: 'RedemptionCodeIssued',
      streamId: 'redemption-set-x',
      streamVersion: 3,
      error: 'disk full',
    });
    const stopped = (await app.gql(READ_MODELS, {}, admin.token)).data.readModels.find((m: any) => m.id === 'codes');
    assert.equal(stopped.state, 'STOPPED');
    assert.deepEqual(
      { ...stopped.failure, failedOn: undefined },
      {
        eventType: 'RedemptionCodeIssued',
        streamId: 'redemption-set-x',
        streamVersion: 3,
        position: '7/42',
        error: 'disk full',
        failedOn: undefined,
      },
    );
    const res = await app.gql(RESUME, { input: { name: 'codes', reason: 'Freed disk space' } }, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.resumeReadModel.operation.kind, 'RESUME');
    const after = await historyOf('codes');
    assert.equal(after.state, 'LIVE');
    assert.deepEqual(
      after.history.map((h: any) => [h.kind, h.outcome, h.reason, h.cleared]),
      [['RESUME', 'SUCCEEDED', 'Freed disk space', true]],
    );
    // A resume of a read model that had not stopped is recorded too, as clearing nothing.
    await app.gql(RESUME, { input: { name: 'codes', reason: 'Just in case' } }, admin.token);
    assert.equal((await historyOf('codes')).history[0].cleared, false);
  });

  it('refuses a rebuild while another process rebuilds the same read model, naming who started it there (the CLI too), and records that one', async () => {
    let open!: () => void;
    const other = otherProcess(new Promise<void>((resolve) => (open = resolve)));
    try {
      const { done } = await other.ops.begin(
        'rebuild',
        'speakers',
        { via: 'cli', osUser: 'ops-person', host: 'ops-box' },
        'Nightly rebuild',
      );
      const refusal =
        /^speakers is being rebuilt already: started by ops-person at the command line on ops-box on .* UTC \(reason: Nightly rebuild\)\./;
      const res = await app.gql(REBUILD, { input: { name: 'speakers', reason: 'Mine' } }, admin.token);
      assert.equal(codeOf(res), 'CONFLICT');
      assert.match(res.errors![0].message, refusal);
      const cli = await projectionsCli('rebuild', 'speakers', '--reason', 'From a terminal');
      assert.equal(cli.code, 1, cli.stdout + cli.stderr);
      assert.match(cli.stderr, refusal);
      const listed = (await app.gql(READ_MODELS, {}, admin.token)).data.readModels.find((m: any) => m.id === 'speakers');
      assert.equal(listed.state, 'REBUILDING');
      assert.deepEqual(listed.running.by, { via: 'CLI', osUser: 'ops-person', host: 'ops-box', person: null });
      open();
      await done;
    } finally {
      open();
      await other.close();
    }
    const { history } = await historyOf('speakers');
    assert.deepEqual(
      history.map((h: any) => [h.kind, h.outcome, h.reason, h.by.via, h.by.osUser]),
      [['REBUILD', 'SUCCEEDED', 'Nightly rebuild', 'CLI', 'ops-person']],
    );
  });

  it("records the CLI's operations with the OS user, needing a reason to rebuild or resume", async () => {
    const refused = await projectionsCli('rebuild', 'directory');
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /^rebuild needs --reason "<why>": it is recorded with the rebuild\./);
    const verified = await projectionsCli('verify', 'directory');
    assert.equal(verified.code, 0, verified.stdout + verified.stderr);
    const { history } = await historyOf('directory');
    assert.deepEqual(
      history.map((h: any) => [h.kind, h.outcome, h.reason, h.by.via, h.by.osUser, h.by.host]),
      [['VERIFY', 'SUCCEEDED', null, 'CLI', os.userInfo().username, os.hostname()]],
    );
  });

  it('shows an operation whose process died as interrupted, and records it so at the next one', async () => {
    // What a process killed mid-rebuild leaves: its start recorded, its row, and no lock.
    const operationId = 'dead-process-operation';
    await app.runtime.commands.execute({ actor: { accountId: admin.accountId, roles: ['ADMIN'] } }, async (tx) => {
      tx.append('read-model-availability', [
        {
          type: 'ReadModelOperationStarted',
          data: {
            operationId,
            readModel: 'availability',
            operation: 'rebuild',
            version: 1,
            reason: 'Before the crash',
            by: { via: 'back-office', accountId: admin.accountId },
          },
        },
      ]);
    });
    await app.runtime.pool.query(
      `INSERT INTO read_model_operations (name, operation_id, operation, started_by, reason) VALUES ('availability', $1, 'rebuild', $2, 'Before the crash')`,
      [operationId, { via: 'back-office', accountId: admin.accountId }],
    );
    const shown = await historyOf('availability');
    assert.equal(shown.state, 'LIVE', 'nobody runs it');
    assert.deepEqual(
      shown.history.map((h: any) => [h.outcome, h.error]),
      [['INTERRUPTED', 'Its process ended before it did; the live tables were left as they were.']],
    );

    const res = await app.gql(REBUILD, { input: { name: 'availability', reason: 'After the crash' } }, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    await untilIdle('availability');
    const { rows } = await app.runtime.pool.query(
      `SELECT data->>'outcome' AS outcome FROM events WHERE stream_id = 'read-model-availability' AND type = 'ReadModelOperationFinished' AND data->>'operationId' = $1`,
      [operationId],
    );
    assert.deepEqual(rows, [{ outcome: 'interrupted' }], 'recorded by the next operation');
    assert.deepEqual(
      (await historyOf('availability')).history.map((h: any) => [h.reason, h.outcome]),
      [
        ['After the crash', 'SUCCEEDED'],
        ['Before the crash', 'INTERRUPTED'],
      ],
    );
  });

  it('rebuilds several read models reading the log once, each recorded; refused whole, starting none, while one of them is busy', async () => {
    // Busy elsewhere: payroll's rebuild in another process, waiting at its first read.
    let open!: () => void;
    const other = otherProcess(new Promise<void>((resolve) => (open = resolve)));
    try {
      const held = await other.ops.begin('rebuild', 'payroll', { via: 'cli', osUser: 'ops-person', host: 'ops-box' }, 'Held');
      const groupsBefore = (await historyOf('groups')).history.length;
      await assert.rejects(
        app.runtime.readModels.rebuildTogether(['groups', 'payroll'], { via: 'back-office', accountId: admin.accountId }, 'Both'),
        (error: Error & { code?: string }) => error.code === 'CONFLICT' && /^payroll is being rebuilt already/.test(error.message),
      );
      assert.equal((await historyOf('groups')).history.length, groupsBefore, 'groups was not started');
      assert.equal((await historyOf('groups')).state, 'LIVE', 'nor left locked');
      open();
      await held.done;
    } finally {
      open();
      await other.close();
    }

    // Together: the log read once for the three, not once each.
    let eventsRead = 0;
    const store = app.runtime.store;
    const counting: EventStore = Object.assign(Object.create(store), {
      readAll: async (...args: Parameters<EventStore['readAll']>) => {
        const events = await store.readAll(...args);
        eventsRead += events.length;
        return events;
      },
    });
    const ops = new ReadModelOperations({
      pool: app.runtime.pool,
      readModelPool: app.runtime.pool,
      store: counting,
      runner: app.runtime.runner,
      commands: app.runtime.commands,
      emailOf: async () => null,
    });
    const names = ['directory', 'catalog', 'groups'];
    const logLength = (await app.runtime.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n;
    const { operationIds, done } = await ops.rebuildTogether(names, { via: 'cli', osUser: 'ops-person', host: 'ops-box' }, 'Together');
    const result = await done;
    assert.ok(eventsRead >= logLength && eventsRead < 1.5 * logLength, `${eventsRead} events read for a log of ${logLength}`);
    for (const [i, name] of names.entries()) {
      const [last] = (await historyOf(name)).history;
      assert.deepEqual([last.id, last.kind, last.outcome, last.reason], [operationIds[i], 'REBUILD', 'SUCCEEDED', 'Together'], name);
      assert.equal(last.events, result.events);
      const verified = await (await ops.begin('verify', name, { via: 'cli', osUser: 'ops-person', host: 'ops-box' }, null)).done;
      assert.deepEqual(verified.differences, [], `${name} rebuilt together equals one rebuilt on its own`);
    }
  });
});

/** `npm run projections -- <args>` against the test database: exit code and output. */
async function projectionsCli(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'services/cli/projections.ts', ...args], {
      // The product's secret: the log's personal data opens with it (docs/decisions/erasure.md).
      env: { ...process.env, DATABASE_URL: app.databaseUrl, AUTH_SECRET: app.runtime.config.authSecret, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code as number, stdout: String(error.stdout), stderr: String(error.stderr) };
  }
}
