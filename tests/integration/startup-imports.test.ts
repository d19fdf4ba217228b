/**
 * What a product process loads at start: an adapter for a store it was not given stays unloaded
 * (the KurrentDB client's gRPC stack took every process ~0.2 s of CPU; services/eventstore/kurrentdb/load.ts).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';

const run = promisify(execFile);

describe('a process on the default store', () => {
  it('imports the runtime without the KurrentDB client', async () => {
    const script = `
      import { createRequire } from 'node:module';
      await import('./services/app/runtime.ts');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify({ kurrent: loaded.filter((k) => k.includes('kurrentdb-client')).length, modules: loaded.length }));`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd() });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as { kurrent: number; modules: number };
    assert.ok(seen.modules > 100, `the runtime's dependencies are seen (${seen.modules})`);
    assert.equal(seen.kurrent, 0);
  });
});
