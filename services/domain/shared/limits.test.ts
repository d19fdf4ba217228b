import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { fieldLabel, intLimit, problemText, textLimit } from '../../../contracts/validation/limits';
import { sayIn } from '../../i18n/translate';
import en from '../../i18n/messages/en.json';
import { type LabeledField, LimitMessages, limitRefusal } from './limits';

describe("a field's limit refusals (issue 32)", () => {
  it("say in English 'The <label> <problem>.', as the contracts' English problems", () => {
    const problems = [
      textLimit('x'.repeat(1001), 1000),
      textLimit('a\u0000', 10),
      textLimit('\uD800', 10),
      intLimit(1.5, { min: 0, max: 9 }),
    ];
    problems.push(intLimit(-5, { min: -1_000_000, max: 1_000_000 }) ?? intLimit(2_000_000, { min: -1_000_000, max: 1_000_000 }));
    for (const name of ['chunkIndex', 'fillLimit', 'text'] as const) {
      for (const problem of problems) {
        assert.ok(problem);
        assert.equal(limitRefusal(name, problem).text, `The ${fieldLabel(name)} ${problemText(problem)}.`);
      }
    }
    assert.equal(limitRefusal('issuer', LimitMessages.required()).text, 'The issuer is required.');
  });

  it("give each field its English label's words, and say the label and the problem in the caller's language", () => {
    const labeled = Object.keys(en).flatMap((id) =>
      id.startsWith('fieldLabels.') ? [id.slice('fieldLabels.'.length) as LabeledField] : [],
    );
    assert.ok(labeled.length > 100, `${labeled.length} labels`);
    for (const name of labeled) assert.equal(en[`fieldLabels.${name}`], fieldLabel(name), name);
    // @ts-expect-error: a name without its label in the catalogs is refused by the compiler.
    assert.throws(() => sayIn('es', limitRefusal('noSuchField', { kind: 'nul' })), /No message fieldLabels\.noSuchField/);
    const refusal = limitRefusal('durationSeconds', { kind: 'between', min: 0, max: 86_400 });
    assert.equal(refusal.text, 'The duration seconds must be between 0 and 86,400.');
    assert.equal(sayIn('fr', refusal), 'Durée en secondes : doit être compris entre 0 et 86\u202f400.');
    assert.equal(sayIn('es', refusal), 'Duración en segundos: debe estar entre 0 y 86.400.');
    assert.equal(sayIn('pt-BR', limitRefusal('fillLimit', { kind: 'notWhole' })), 'Limite de códigos: deve ser um número inteiro.');
  });

  it('say several fields one after the other', () => {
    const several = LimitMessages.several(limitRefusal('text', { kind: 'nul' }), limitRefusal('why', { kind: 'tooLong', max: 500 }));
    assert.equal(several.text, 'The text cannot contain the NUL character. The why can have at most 500 characters.');
    assert.equal(sayIn('es', several), 'Texto: no puede contener el carácter NUL. Por qué: puede tener como máximo 500 caracteres.');
  });
});
