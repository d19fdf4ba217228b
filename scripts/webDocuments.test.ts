import assert from 'node:assert/strict';
import { it } from 'vitest';
import { graphql } from '../web/src/gql';
import { documentsIn, executableDocument, fragmentsByName, inlineDocuments, plainDocument, readWebDocuments } from './webDocuments';

const byName = (definitions: readonly { kind: string; name?: { value: string } }[]) =>
  [...definitions].sort((a, b) => `${a.kind}${a.name?.value}`.localeCompare(`${b.kind}${b.name?.value}`));

it("the web build's inlined documents are the generated ones, fragments included (every graphql() call in web/src)", () => {
  const documents = readWebDocuments();
  const fragments = fragmentsByName(documents);
  assert.ok(documents.length > 100);
  for (const { file, source, document } of documents) {
    const generated = graphql(source) as { definitions: { kind: string; name?: { value: string } }[] };
    const inlined = JSON.parse(plainDocument(executableDocument(document, fragments)));
    assert.deepEqual(byName(inlined.definitions), byName(generated.definitions), `${file}: ${source.trim().split('\n')[0]}`);
  }
});

it('a file is compiled with each graphql() call replaced by its document, the fragments it spreads appended', () => {
  const text = 'const F = graphql(`\n  fragment F on User { id }\n`);\nexport const Q = graphql(`query Q { me { ...F } }`);\n';
  const out = inlineDocuments('example.ts', text, fragmentsByName(documentsIn('example.ts', text)));
  assert.doesNotMatch(out, /graphql\(/);
  const query = JSON.parse(out.slice(out.indexOf('Q = (') + 5, out.lastIndexOf(');')));
  assert.deepEqual(
    query.definitions.map((d: { name: { value: string } }) => d.name.value),
    ['Q', 'F'],
  );
  assert.throws(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an interpolation, as the text of a refused document
    () => inlineDocuments('bad.ts', 'graphql(`query { ${FIELDS} }`)', new Map()),
    /bad\.ts: a graphql\(\) document is plain text/,
  );
});
