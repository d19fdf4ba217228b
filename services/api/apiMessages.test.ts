import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { sayIn } from '../i18n/translate';
import { ApiMessages, ConnectionsMessages } from './apiMessages';

describe("the connections' and ranges' refusals with values (issue 32)", () => {
  it('say the English they said as literals, word for word', () => {
    assert.equal(
      ConnectionsMessages.filterValueInvalid('"x"', 'int', 'age').text,
      'The filter value "x" is not a valid int for the field "age": use a whole number from -2147483648 to 2147483647.',
    );
    assert.equal(
      ConnectionsMessages.cursorValueInvalid('after', 'text[]').text,
      'The cursor "after" holds a value that is not a valid text[] for its sort column: expected text without NUL characters.',
    );
    assert.equal(
      ConnectionsMessages.predicateUnknown('like', 'name', 'eq, not_eq').text,
      'Unknown filter predicate "like" for the field "name". Use one of eq, not_eq.',
    );
    assert.equal(ApiMessages.signalKindUnknown('boom').text, "Unknown signal kind 'boom'.");
    assert.equal(ApiMessages.rangeEndBeforeStart('from', 'to').text, '"to" must be after "from".');
  });

  it("say the column type's expected values in the caller's language, keeping the API names", () => {
    const refusal = ConnectionsMessages.filterValueInvalid('"x"', 'date', 'startsOn');
    assert.equal(
      sayIn('fr', refusal),
      'La valeur de filtre "x" n’est pas un date valide pour le champ « startsOn » : utilisez une date écrite AAAA-MM-JJ avec une année de 0001 à 9999.',
    );
    assert.equal(
      sayIn('es', ConnectionsMessages.directionUnknown('UP', 'name')),
      'Dirección de orden desconocida "UP" para el campo "name". Usa ASC o DESC.',
    );
    assert.equal(sayIn('pt-BR', ApiMessages.signalKindUnknown('boom')), "Tipo de sinal desconhecido: 'boom'.");
  });
});
