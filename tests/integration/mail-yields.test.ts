/**
 * Mail yields to requests (services/jobs/index.ts, services/api/requestLoad.ts): after a full batch
 * the mail queue fetches the next at once, unless the process is busy answering requests; then it
 * takes a batch a polling interval (a second), so mail still goes out, twenty a second at least.
 */
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { RequestLoad, REQUESTS_THAT_MAKE_BUSY } from '../../services/api/requestLoad';
import type { Mailer } from '../../services/domain/notifications/mailer';
import { startJobs, type Jobs } from '../../services/jobs';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { eventually } from '../support/eventually';

let db: TestDatabase;
let jobs: Jobs;
const load = new RequestLoad();
const delivered: number[] = [];
// The queue's work stands in for sending: what is measured is when the queue hands jobs over.
const mailer = { deliver: async () => void delivered.push(performance.now()) } as unknown as Mailer;

beforeAll(async () => {
  db = await createTestDatabase('mail_yields');
  jobs = await startJobs(db.url, pino({ level: 'silent' }));
  await jobs.startWorkers(mailer, undefined, undefined, () => load.busy());
});
afterAll(async () => {
  await jobs?.stop();
  await db?.drop();
});

const enqueue = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => jobs.enqueueMail({ notificationId: `n-${i}` } as never)));

describe('the request load', () => {
  it('is busy from REQUESTS_THAT_MAKE_BUSY open requests; leaving twice counts once', () => {
    const gauge = new RequestLoad();
    const leave = Array.from({ length: REQUESTS_THAT_MAKE_BUSY }, () => gauge.enter());
    assert.equal(gauge.busy(), true);
    leave[0]();
    leave[0]();
    assert.equal(gauge.inFlight, REQUESTS_THAT_MAKE_BUSY - 1);
    assert.equal(gauge.busy(), false);
  });
});

describe('mail while requests are open', () => {
  it('waits the polling interval after a full batch, and all of it goes out', async () => {
    const leave = Array.from({ length: REQUESTS_THAT_MAKE_BUSY }, () => load.enter());
    try {
      await enqueue(45);
      await eventually(async () => delivered.length >= 21, 'a second batch', 15_000);
      // A full batch of 20, then the queue's interval (1 s, less the batch's own time) before the next.
      const gap = delivered[20] - delivered[19];
      assert.ok(gap >= 500, `the next batch came ${gap.toFixed(0)} ms after a full one`);
    } finally {
      for (const l of leave) l();
    }
    await eventually(async () => delivered.length === 45, 'every mail', 15_000);
  });
});
