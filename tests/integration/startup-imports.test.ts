/**
 * What a product process loads at start: the SDK of a service it was not configured for stays
 * unloaded (the KurrentDB client's gRPC stack took every process ~0.2 s of CPU,
 * services/eventstore/kurrentdb/load.ts; Twilio's ~0.3 s, services/integrations/video/twilio.ts;
 * the AWS SDK, services/integrations/storage/index.ts).
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
      const of = (name) => loaded.filter((k) => k.includes('/node_modules/' + name + '/')).length;
      console.log(JSON.stringify({ kurrent: of('@kurrent/kurrentdb-client'), twilio: of('twilio'), aws: of('@aws-sdk/client-s3') + of('@smithy/core'), modules: loaded.length }));`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd() });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as { kurrent: number; twilio: number; aws: number; modules: number };
    assert.ok(seen.modules > 100, `the runtime's dependencies are seen (${seen.modules})`);
    assert.deepEqual({ kurrent: seen.kurrent, twilio: seen.twilio, aws: seen.aws }, { kurrent: 0, twilio: 0, aws: 0 });
  });
});
