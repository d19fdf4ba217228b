import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'vitest';
import { generate, generateOperations, targets } from './codegen';
import { GENERATED_DIR } from './webDocuments';

it('the committed generated types match contracts/schema/*.graphql (run `npm run codegen`)', async () => {
  const fresh = await generate();
  for (const [key, file] of Object.entries(targets)) {
    assert.equal(fs.readFileSync(file, 'utf8'), fresh[key as keyof typeof targets], `${file} is stale`);
  }
});

it("the committed web/src/gql matches the schema and web/src's graphql() documents (run `npm run codegen`)", async () => {
  const fresh = await generateOperations();
  assert.deepEqual(
    fs.readdirSync(GENERATED_DIR).sort(),
    Object.keys(fresh)
      .map((file) => file.slice(GENERATED_DIR.length + 1))
      .sort(),
  );
  for (const [file, content] of Object.entries(fresh)) assert.equal(fs.readFileSync(file, 'utf8'), content, `${file} is stale`);
});
