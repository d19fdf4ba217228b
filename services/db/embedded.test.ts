/**
 * As root the embedded PostgreSQL runs as the `postgres` user: a data folder it cannot reach is
 * refused up front with one sentence saying what to do, before initdb fails with EACCES.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { assertReachableByOthers, extraSettings } from './embedded';

it('refuses a data folder under a folder closed to other users, saying what to do', () => {
  const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-closed-'));
  try {
    fs.chmodSync(closed, 0o700);
    assert.throws(
      () => assertReachableByOthers([path.join(closed, 'project', '.data')]),
      (error: Error) =>
        error.name === 'SetupError' &&
        error.message.includes(`cannot enter ${closed}`) &&
        /put the project in a folder others can enter/.test(error.message) &&
        /DATABASE_URL/.test(error.message),
    );
    fs.chmodSync(closed, 0o755);
    assert.doesNotThrow(() => assertReachableByOthers([path.join(closed, 'project', '.data')]));
  } finally {
    fs.rmSync(closed, { recursive: true, force: true });
  }
});

it('takes more server settings from EMBEDDED_PG_SETTINGS, and refuses a malformed one by name', () => {
  assert.deepEqual(extraSettings(undefined), []);
  assert.deepEqual(extraSettings(' '), []);
  assert.deepEqual(extraSettings('shared_preload_libraries=pg_stat_statements, pg_stat_statements.track_planning=on'), [
    'shared_preload_libraries=pg_stat_statements',
    'pg_stat_statements.track_planning=on',
  ]);
  for (const bad of ['work_mem', 'a b=c', "x='y'", 'fsync=off\0', '=on'])
    assert.throws(() => extraSettings(bad), /EMBEDDED_PG_SETTINGS: .* is not a name=value setting/);
});
