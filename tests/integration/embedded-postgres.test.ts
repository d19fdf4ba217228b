/**
 * The embedded PostgreSQL and its port: a server already running on a data folder is used on its
 * own port, whatever port the caller asked for; a new server whose port another PostgreSQL already
 * holds is refused in one sentence, never silently replaced by that other server (two checkouts on
 * one machine shared one test cluster that way, and the first to finish stopped the other's).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startEmbeddedPostgres } from '../../services/db/embedded';
import { testAdminUrl } from '../support/database';
import { freePort } from '../support/ports';

async function show(url: string, setting: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`SHOW ${setting}`)).rows[0][setting];
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  let adminUrl: string;
  let runningDir: string;
  let runningPort: string;
  beforeAll(async () => {
    adminUrl = await testAdminUrl();
    [runningDir, runningPort] = [await show(adminUrl, 'data_directory'), await show(adminUrl, 'port')];
  });

  it('uses a running server on its own port, whichever port was asked', async () => {
    const other = await freePort();
    const db = await startEmbeddedPostgres({ dataDir: runningDir, port: other, disposable: true });
    try {
      assert.equal(db.startedHere, false);
      assert.match(db.adminUrl, new RegExp(`:${runningPort}/postgres$`));
      assert.equal(await show(db.adminUrl, 'data_directory'), runningDir);
    } finally {
      await db.stop();
    }
    assert.equal(await show(adminUrl, 'port'), runningPort, 'leaving it did not stop the shared server');
  });

  describe('a port another PostgreSQL holds', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-embedded-'));
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('is refused in one sentence naming the port and the other server', async () => {
      // As root the data folder's parent must be open to the postgres user.
      fs.chmodSync(dataDir, 0o755);
      await assert.rejects(
        startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: Number(runningPort), disposable: true }),
        (error: Error) => error.message.includes(`port ${runningPort} is taken by another PostgreSQL (data ${runningDir})`),
      );
      assert.equal(await show(adminUrl, 'data_directory'), runningDir, 'the other server runs on, untouched');
    });
  });
});
