/**
 * Property-based fuzz of the whole API (issue 7): every Query and Mutation field of
 * contracts/schema/*.graphql, discovered from the schema (tests/support/fuzz), so a new operation is
 * covered as soon as it is in the schema. Subscription fields are not fuzzed (listed in the output).
 *
 * 1. Random: fast-check arbitraries derived from each argument's type (plausible values from the
 *    seeded data, with one hostile leaf, or hostile everywhere), as every role: signed out, a
 *    student, an instructor, a speaker and an admin, on a world with real records so that some
 *    calls get through and write.
 * 2. Edge sweep (as the admin): every scalar leaf of every operation's arguments gets each edge
 *    value (NUL, 100,000 characters, lone surrogate, LIKE/quote metacharacters, empty, Int's ends,
 *    impossible dates) with ordinary values everywhere else.
 * 3. Afterwards every read model has caught up with the event store, none failed; and a few raw,
 *    non-GraphQL hostile requests (2 MB bodies, malformed JSON, NUL at the card token endpoint).
 *
 * Properties: every answer is JSON (never HTML), never a 5xx, never a stack trace, never
 * INTERNAL_SERVER_ERROR. Every distinct failure is printed when first seen (operation, variables
 * truncated, error and the server's log line) and all are reported at the end, grouped by cause.
 *
 * Bounded: FUZZ_RUNS random calls per operation and role (default 2, breadth first: at 8 the budget
 * ran out on a busy machine before the admin's turn, so no run of the suite fuzzed the admin's
 * operations at random; FUZZ_RUNS=8 for a deeper run), half for the signed out and the speaker,
 * three times for the admin; ×1.5 or ×2 for operations with 4 or 8 argument leaves; one
 * call for an operation without arguments), from FUZZ_SEED (default fixed, printed), with a time
 * budget per phase as a safety net (FUZZ_BUDGET_MS, default 60 s). FUZZ_ONLY=name narrows both
 * phases to the operations whose name contains it (e.g. FUZZ_ONLY=Mutation.createCourse). Each
 * role's turn starts at an operation that moves with the day (FUZZ_ROTATION), so a budget cut does
 * not always leave out the same operations; those left out are named.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import fc from 'fast-check';
import { compareCheckpoints } from '../../services/eventstore/port';
import { startTestApp, type TestApp } from '../support/app';
import {
  FailureLog,
  captureServerLog,
  hostileParts,
  post,
  transportProblems,
  truncate,
  type Answer,
  type Failure,
} from '../support/fuzz/probe';
import { fieldPaths, fuzzOperations, loadSchema, type FuzzOperation } from '../support/fuzz/schema';
import { sweepCases, type SweepCase } from '../support/fuzz/sweep';
import { buildWorld, discoverListFields, ensureSession, type Caller, type World } from '../support/fuzz/world';

const SEED = Number(process.env.FUZZ_SEED ?? 7_2026_11_23);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
/** Runs per role as a share of RUNS: most operations are the admin's, and little gets past sign-in for the signed out or a speaker. */
const ROLE_SHARE: Record<string, number> = { 'signed out': 0.5, student: 1, instructor: 1, speaker: 0.5, admin: 3 };
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000);
const ONLY = process.env.FUZZ_ONLY ?? '';
/**
 * Where each role's turn starts in the list of operations: by default the day (UTC), so when the
 * budget runs out (a loaded machine, in the admin's turn) the operations left out differ from one
 * day to the next instead of always being the last ones. FUZZ_ROTATION repeats a day's order.
 */
const ROTATION = Number(process.env.FUZZ_ROTATION ?? Math.floor(Date.now() / 86_400_000));

/** A seed per role and operation, so that adding an operation leaves the others' values unchanged. */
function seedFor(role: string, operation: string): number {
  let h = 0x811c9dc5 ^ SEED;
  for (const ch of `${role}/${operation}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

let app: TestApp;
let world: World;
let operations: FuzzOperation[];
let sweep: SweepCase[];
let skipped: string[];
let serverLog: ReturnType<typeof captureServerLog>;

beforeAll(async () => {
  // Rate limits off: a fuzz of sign-ins and sign-ups would otherwise only meet RATE_LIMITED.
  app = await startTestApp({ rateLimits: false }, 'fuzz');
  const schema = loadSchema();
  world = await buildWorld(app, schema, fieldPaths(schema));
  const admin = world.callers.find((c) => c.role === 'admin')!;
  const listFields = await discoverListFields(app, schema, world.pools, admin.token!);
  ({ operations, skipped } = fuzzOperations(schema, world.pools, listFields));
  operations = operations.filter((op) => op.name.includes(ONLY));
  sweep = sweepCases(schema, world.pools, listFields).filter((c) => c.operation.includes(ONLY));
  serverLog = captureServerLog(app);
});
afterAll(async () => {
  await app?.close();
});

describe('API fuzz (every query and mutation, every role)', () => {
  let failures = new FailureLog();
  let calls = 0;
  let slowCommands = 0;
  /** Outcomes per operation (ok, or the first error's code), to show how far the values get. */
  const outcomes = new Map<string, Map<string, number>>();
  const count = (op: string, outcome: string) => {
    const m = outcomes.get(op) ?? new Map<string, number>();
    m.set(outcome, (m.get(outcome) ?? 0) + 1);
    outcomes.set(op, m);
  };

  type Callable = Pick<FuzzOperation, 'name' | 'kind' | 'field' | 'document'>;

  /** Sends one call and records what is wrong with its answer; `argument` names the spoiled leaf (sweep). */
  async function call(caller: Caller, op: Callable, variables: Record<string, unknown>, argument?: string) {
    calls += 1;
    const body = JSON.stringify({ query: op.document, variables, operationName: 'Fuzz' });
    const record = (problem: string, message: string, serverError?: string) => {
      const hostile = argument ? [argument] : hostileParts(variables);
      const failure: Failure = { role: caller.role, operation: op.name, problem, message, variables, hostile, serverError };
      if (failures.add(failure)) console.log(`\n✗ new failure #${failures.size}\n${FailureLog.describe(failure)}`);
    };
    let answer: Answer;
    try {
      answer = await post(`${app.url}/graphql`, body, caller.token ? { authorization: `Bearer ${caller.token}` } : {});
    } catch (error) {
      record('no answer', (error as Error).message);
      return;
    }
    const firstError = Array.isArray(answer.json?.errors) ? answer.json.errors[0] : undefined;
    count(op.name, firstError ? String(firstError.extensions?.code ?? 'no code') : answer.json?.data ? 'ok' : `HTTP ${answer.status}`);
    const logged = serverLog.take();
    const serverError = logged.find((l) => l.error)?.error;
    if (logged.some((l) => /did not catch up/.test(l.msg))) slowCommands += 1;
    for (const problem of transportProblems(answer)) record(problem, answer.text.slice(0, 200).replace(/\s+/g, ' '), serverError);
    for (const error of Array.isArray(answer.json?.errors) ? answer.json.errors : []) {
      if (error?.extensions?.code === 'INTERNAL_SERVER_ERROR') record('INTERNAL_SERVER_ERROR', String(error.message), serverError);
    }
    // A mutation that went through may have closed the caller's session (logout) or moved its address.
    if (op.kind === 'mutation' && caller.accountId && answer.json?.data?.[op.field]) await ensureSession(app, caller);
  }

  it('answers random and hostile values, as every role, with JSON: never HTML, a 5xx or INTERNAL_SERVER_ERROR', async () => {
    const started = Date.now();
    console.log(
      `fuzz: seed ${SEED} (FUZZ_SEED), rotation ${ROTATION} (FUZZ_ROTATION), ${RUNS} runs per operation and role (FUZZ_RUNS; shares ${JSON.stringify(ROLE_SHARE)}), ${operations.length} operations × ${world.callers.length} roles` +
        `${ONLY ? `, only ${ONLY}` : ''}; not fuzzed: ${skipped.join(', ') || 'none'} (subscriptions)`,
    );
    let unrun = 0;
    const leftOut: string[] = [];
    const start = operations.length ? ROTATION % operations.length : 0;
    const rotated = [...operations.slice(start), ...operations.slice(0, start)];
    // Signed out first and the admin last: the admin's changes to the other callers' roles come after their turn.
    for (const caller of world.callers) {
      const roleStarted = Date.now();
      for (const op of rotated) {
        const left = BUDGET_MS - (Date.now() - started);
        if (left <= 0) {
          unrun += 1;
          leftOut.push(`${op.name} as ${caller.role}`);
          continue;
        }
        // One call for an operation without arguments; more for those with more to vary.
        const numRuns =
          op.leaves === 0
            ? 1
            : Math.max(1, Math.round(RUNS * (ROLE_SHARE[caller.role] ?? 1) * (op.leaves >= 8 ? 2 : op.leaves >= 4 ? 1.5 : 1)));
        const result = await fc.check(
          fc.asyncProperty(op.variables, async (variables) => {
            await call(caller, op, variables);
          }),
          {
            numRuns,
            seed: seedFor(caller.role, op.name),
            interruptAfterTimeLimit: left,
            markInterruptAsFailure: false,
            endOnFailure: true,
          },
        );
        // The budget ran out before this operation's first call: left out, like the ones after it
        // (fast-check reports a property interrupted before any run as failed).
        if (result.interrupted && result.numRuns === 0) {
          unrun += 1;
          leftOut.push(`${op.name} as ${caller.role}`);
          continue;
        }
        // The property records failures instead of throwing; anything thrown here is a harness bug.
        if (result.failed) throw new Error(`fuzz harness error on ${op.name} as ${caller.role}: ${fc.defaultReportMessage(result)}`);
      }
      console.log(`fuzz: ${caller.role} done in ${((Date.now() - roleStarted) / 1000).toFixed(1)} s`);
    }
    console.log(
      `fuzz: ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; ${failures.size} failing answers; ${slowCommands} commands answered before their read models caught up`,
    );
    console.log(
      `fuzz: outcomes per operation (all roles):\n${[...outcomes]
        .map(
          ([op, m]) =>
            `  ${op}: ${[...m]
              .sort((a, b) => b[1] - a[1])
              .map(([k, n]) => `${k} ${n}`)
              .join(', ')}`,
        )
        .join('\n')}`,
    );
    if (unrun) console.log(`fuzz: time budget (${BUDGET_MS} ms) spent: ${unrun} operation × role pairs not run: ${leftOut.join(', ')}`);
    assert.equal(failures.size, 0, `the fuzz found failures (seed ${SEED}), grouped by cause:\n${failures.report()}`);
  });

  it('answers an edge value in every argument leaf of every operation (as the admin) with JSON, never INTERNAL_SERVER_ERROR', async () => {
    failures = new FailureLog();
    const admin = world.callers.find((c) => c.role === 'admin')!;
    const started = Date.now();
    let unrun = 0;
    for (const c of sweep) {
      if (Date.now() - started > BUDGET_MS) {
        unrun += 1;
        continue;
      }
      await call(admin, { name: c.operation, kind: c.kind, field: c.field, document: c.document }, c.variables, `${c.leaf}: ${c.edge}`);
    }
    console.log(
      `fuzz: edge sweep: ${sweep.length - unrun} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; ${failures.size} failing answers`,
    );
    if (unrun) console.log(`fuzz: time budget (${BUDGET_MS} ms) spent: ${unrun} sweep calls not run`);
    assert.equal(failures.size, 0, `the edge sweep found failures, grouped by cause:\n${failures.report()}`);
  });

  it('leaves every read model caught up with the event store, none failed', async () => {
    const runner = app.runtime.runner;
    const names = runner.projectors.map((p) => p.name);
    const { rows } = await app.runtime.pool.query(
      'SELECT transaction_id::text AS t, global_position::text AS p FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
    );
    const target = { transactionId: rows[0].t, position: rows[0].p };
    const caughtUp = await runner.waitFor(target, names, 20_000);
    // Behind means short of the last event the fuzz left, not of the log's end: mail jobs and the
    // like may append after it while this runs.
    const status = await runner.status();
    const stuck = status.filter((s) => s.failure || !s.checkpoint || compareCheckpoints(s.checkpoint, target) < 0);
    const reasons: string[] = [];
    for (const s of stuck) {
      // The recorded failure if the runner keeps one; otherwise applying the next batch again shows why it cannot move.
      const why = s.failure
        ? JSON.stringify(truncate(s.failure, 200))
        : await runner.catchUp([s.name]).then(
            () => 'no error when applied again',
            (error: Error) => error.message.replace(/\s+/g, ' ').slice(0, 300),
          );
      reasons.push(`${s.name} (at ${JSON.stringify(s.checkpoint)} of ${JSON.stringify(target)}): ${why}`);
    }
    assert.ok(caughtUp && !stuck.length, `read models behind or failed after the fuzz:\n${reasons.join('\n')}`);
  });

  it('answers raw hostile requests outside GraphQL with JSON and no stack trace', async () => {
    const TOKENS = `${app.url}/payments/local/v1/tokens`;
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', name: 'Ada Student' };
    const requests: { name: string; url: string; body: string }[] = [
      {
        name: '2 MB body to /graphql',
        url: `${app.url}/graphql`,
        body: JSON.stringify({ query: '{ me { id } }', variables: { pad: 'x'.repeat(2 * 1024 * 1024) } }),
      },
      { name: '2 MB query to /graphql', url: `${app.url}/graphql`, body: JSON.stringify({ query: `{ ${'me { id } '.repeat(200_000)}}` }) },
      { name: 'malformed JSON to /graphql', url: `${app.url}/graphql`, body: '{"query": "{ me { id } }", ' },
      { name: 'a JSON string to /graphql', url: `${app.url}/graphql`, body: '"{ me { id } }"' },
      {
        name: 'NUL in the GraphQL document',
        url: `${app.url}/graphql`,
        body: JSON.stringify({ query: '{ me { id } }\u0000', variables: { '\u0000': 1 } }),
      },
      {
        name: 'variables nested 100,000 deep',
        url: `${app.url}/graphql`,
        body: `{"query": "{ me { id } }", "variables": {"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
      },
      { name: 'NUL in the token endpoint body', url: TOKENS, body: JSON.stringify({ ...card, name: 'Ada\u0000Student' }) },
      {
        name: 'NUL everywhere in the token endpoint body',
        url: TOKENS,
        body: JSON.stringify({ number: '4242\u0000', expMonth: '\u0000', expYear: '\u0000', cvc: '\u0000', name: '\u0000' }),
      },
      { name: 'malformed JSON to the token endpoint', url: TOKENS, body: '{"number": ' },
      { name: '2 MB body to the token endpoint', url: TOKENS, body: JSON.stringify({ ...card, name: 'x'.repeat(2 * 1024 * 1024) }) },
    ];
    const problems: string[] = [];
    for (const r of requests) {
      const answer = await post(r.url, r.body);
      serverLog.take();
      const found = transportProblems(answer);
      if (found.length)
        problems.push(
          `${r.name}: HTTP ${answer.status}, ${found.filter((f) => !f.startsWith('HTTP')).join(', ')}: ${answer.text.slice(0, 160).replace(/\s+/g, ' ')}`,
        );
    }
    assert.deepEqual(problems, []);
  });
});
