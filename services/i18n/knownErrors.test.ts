import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../contracts/i18n/locales';
import { SchedulingMessages } from '../../contracts/scheduling';
import en from './messages/en.json';
import { KNOWN_ERRORS } from './knownErrors';
import { localizeKnownText } from './translate';

describe("the server's known refusals (issue 32)", () => {
  it('hold every registered message word for word in the English catalog', () => {
    for (const [id, text] of KNOWN_ERRORS) assert.equal((en as Record<string, string>)[id], text, id);
  });

  it("answer each refusal in the caller's language, and any other text as it is", () => {
    assert.equal(localizeKnownText('es', SchedulingMessages.slotTaken), 'Alguien acaba de reservar esta hora. Elige otra hora.');
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en'))
      for (const text of KNOWN_ERRORS.values()) assert.notEqual(localizeKnownText(locale, text), text, `${locale}: ${text}`);
    assert.equal(localizeKnownText('fr', 'Something no catalog knows.'), 'Something no catalog knows.');
    assert.equal(localizeKnownText('en', SchedulingMessages.slotTaken), SchedulingMessages.slotTaken);
  });
});
