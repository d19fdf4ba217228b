import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'vitest';
import { generate, targets } from './codegen';

it('the committed generated types match contracts/schema/*.graphql (run `npm run codegen`)', async () => {
  const fresh = await generate();
  for (const [key, file] of Object.entries(targets)) {
    assert.equal(fs.readFileSync(file, 'utf8'), fresh[key as keyof typeof targets], `${file} is stale`);
  }
});
