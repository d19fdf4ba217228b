/**
 * Replays are deterministic (issue 26): after random histories (fast-check) full of ties in time
 * (every command on one frozen clock), many events in one append (a reservation appends five, and
 * queues two mails), transfers, cancellations and payroll months closed, every read model's tables
 * are the same, row for row, after a rebuild of all of them. A read model that broke a tie by time
 * rather than by the log's position (the mail templates' "latest subject") fails here.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { afterAll, beforeAll, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { DomainError } from '../../services/domain/shared/errors';
import { liveSchema } from '../../services/feed/projector';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { dumpSchema } from '../support/database';
import { readModelsCaughtUp } from '../support/enrollment';
import { eventually } from '../support/eventually';
import { createSpeaker, createStudent, dayAt, plusMinutes, sameDayZone } from '../support/scheduling';

/** Histories per run; more for a search (`DETERMINISM_RUNS=50 npm test -- tests/integration/replay-determinism.test.ts`). */
const RUNS = Number(process.env.DETERMINISM_RUNS ?? 4);
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'replay_determinism');
});
afterAll(async () => {
  await app.close();
});

type Step =
  | { kind: 'reserve'; student: number; speaker: number; slot: number }
  | { kind: 'cancel'; reservation: number; asAdmin: boolean }
  | { kind: 'transfer'; reservation: number; speaker: number }
  | { kind: 'credit'; student: number; minutes: number }
  | { kind: 'recover'; student: number }
  | { kind: 'closeMonth'; monthsAgo: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('reserve' as const), student: fc.nat(3), speaker: fc.nat(2), slot: fc.nat(23) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), reservation: fc.nat(30), asAdmin: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('transfer' as const), reservation: fc.nat(30), speaker: fc.nat(2) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('credit' as const), student: fc.nat(3), minutes: fc.integer({ min: 1, max: 90 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recover' as const), student: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('closeMonth' as const), monthsAgo: fc.integer({ min: 1, max: 3 }) }) },
);

/** Everything queued has been sent (or has failed for good), so no writer is left behind the log. */
async function mailSettled() {
  await eventually(
    async () => {
      const { rows } = await app.runtime.pool.query(
        `SELECT count(*) FILTER (WHERE type = 'NotificationQueued')::int AS queued,
              count(*) FILTER (WHERE type = 'NotificationSent')::int AS sent FROM events`,
      );
      return rows[0].queued === rows[0].sent;
    },
    'every queued mail sent',
    60_000,
  );
}

it('every read model is identical, row for row, after a rebuild of all of them, whatever the history', async () => {
  const admin = await createAdmin(app);
  const speakers = [await createSpeaker(app), await createSpeaker(app), await createSpeaker(app)];
  const students = await Promise.all([0, 1, 2, 3].map(() => createStudent(app, 600)));
  const day = dayAt(3, 0);
  for (const speaker of speakers) {
    const [start, end] = [plusMinutes(day, 60), plusMinutes(day, 60 + 24 * 15)];
    await app.runtime.scheduling.addAvailability(
      { actor: { accountId: speaker.accountId, roles: ['SPEAKER'] } },
      { speakerId: speaker.accountId, interval: { start, end }, zoneName: sameDayZone(start, end), repeatsWeekly: false },
    );
  }
  const projectors = app.runtime.runner.projectors;
  let histories = 0;

  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
      histories++;
      // One frozen instant for the whole history: every event ties in time with every other.
      const frozen = new Date();
      const as = (accountId: string, roles: string[]) => ({ actor: { accountId, roles }, now: () => frozen });
      const reserved: string[] = [];
      for (const s of steps) {
        try {
          if (s.kind === 'reserve') {
            const student = students[s.student];
            const { result } = await app.runtime.scheduling.createReservation(as(student.accountId, ['STUDENT']), {
              studentId: student.accountId,
              speakerId: speakers[s.speaker].accountId,
              courseId: null,
              lessonId: null,
              language: 'es',
              start: plusMinutes(day, 60 + s.slot * 15),
              duration: 15,
            });
            reserved.push(result.conversationId);
          } else if (s.kind === 'cancel' && reserved.length) {
            const conversationId = reserved[s.reservation % reserved.length];
            await app.runtime.scheduling.cancelReservation(as(admin.accountId, ['ADMIN']), {
              conversationId,
              viewer: { accountId: admin.accountId, isAdmin: s.asAdmin },
            });
          } else if (s.kind === 'transfer' && reserved.length) {
            const conversationId = reserved[s.reservation % reserved.length];
            await app.runtime.scheduling.transferReservation(as(admin.accountId, ['ADMIN']), {
              conversationId,
              transfereeId: speakers[s.speaker].accountId,
              viewer: { accountId: admin.accountId, isAdmin: true },
            });
          } else if (s.kind === 'credit') {
            await app.runtime.billing.changeMinutes(as(admin.accountId, ['ADMIN']), {
              accountId: students[s.student].accountId,
              minutes: s.minutes,
              reason: 'determinism',
            });
          } else if (s.kind === 'recover') {
            await app.runtime.identity.recoverPassword(
              { actor: SYSTEM_ACTOR, now: () => frozen },
              { emailAddress: students[s.student].emailAddress },
            );
          } else if (s.kind === 'closeMonth') {
            const month = new Date(Date.UTC(frozen.getUTCFullYear(), frozen.getUTCMonth() - s.monthsAgo, 1)).toISOString().slice(0, 7);
            await app.runtime.payroll.closePayrollMonth(as(admin.accountId, ['ADMIN']), { month });
          }
        } catch (error) {
          // A refusal (slot taken, nothing to cancel, month closed already) is part of the history.
          if (!(error instanceof DomainError)) throw error;
        }
      }
      await mailSettled();
      await readModelsCaughtUp(
        app,
        projectors.map((p) => p.name),
      );
      const before = new Map<string, Record<string, unknown[]>>();
      for (const p of projectors) before.set(p.name, await dumpSchema(app.runtime.pool, liveSchema(p)));
      // All of them together, the log read once (rebuildAll: what a restore, an erasure and
      // `rebuild --all` do); projections.test.ts rebuilds them one by one.
      const rebuilt = await app.runtime.runner.rebuildAll();
      assert.deepEqual(rebuilt.onTheirOwn, [], 'no read model failed the shared read');
      for (const p of projectors) {
        assert.deepEqual(
          await dumpSchema(app.runtime.pool, liveSchema(p)),
          before.get(p.name),
          `${p.name} differs after a rebuild of all read models`,
        );
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  assert.equal(histories, RUNS);
});
