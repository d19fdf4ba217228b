import assert from 'node:assert/strict';
import fs from 'node:fs';
import { buildSchema, graphql, isInputObjectType, isObjectType } from 'graphql';
import { describe, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../contracts/i18n/locales';
import { readSchemaSource } from '../../contracts/schemaSource';
import { DomainError } from '../domain/shared/errors';
import { sayIn } from '../i18n/translate';
import { enforceInputLimits } from './inputLimits';

/** Every name a limit refusal of the schema can name: each argument and each input object's field, with where it is. */
function schemaNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const type of Object.values(buildSchema(readSchemaSource()).getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type))
      for (const field of Object.values(type.getFields()))
        for (const arg of field.args) names.set(arg.name, `${type.name}.${field.name}(${arg.name})`);
    if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) names.set(field.name, `${type.name}.${field.name}`);
  }
  return names;
}

describe('input limits (issue 7) in every language (issue 32)', () => {
  it('have a label for every argument and input field of the schema in every catalog', () => {
    const names = schemaNames();
    assert.ok(names.size > 100, `${names.size} names`);
    for (const locale of SUPPORTED_LOCALES) {
      const catalog: Record<string, string> = JSON.parse(
        fs.readFileSync(new URL(`../i18n/messages/${locale}.json`, import.meta.url), 'utf8'),
      );
      const missing = [...names].filter(([name]) => !catalog[`fieldLabels.${name}`]).map(([name, where]) => `${name} (${where})`);
      assert.deepEqual(missing, [], `${locale}: fieldLabels.<name> missing`);
    }
  });

  it("refuse an argument over its limit naming it by its label in the caller's language", async () => {
    const schema = enforceInputLimits(buildSchema(readSchemaSource()));
    const result = await graphql({
      schema,
      source: 'query($q: String!) { quickSearch(searchQuery: $q) { __typename } }',
      variableValues: { q: 'x'.repeat(101) },
    });
    const error = result.errors?.[0]?.originalError;
    assert.ok(error instanceof DomainError, String(result.errors));
    assert.equal(error.fields?.searchQuery, 'The search query can have at most 100 characters.');
    assert.ok(error.said);
    assert.equal(sayIn('es', error.said), 'Texto de búsqueda: puede tener como máximo 100 caracteres.');
    assert.equal(sayIn('pt-BR', error.said), 'Texto da pesquisa: pode ter no máximo 100 caracteres.');
  });
});
