/**
 * The settings forms' own logic (issue 11): card descriptions cut at 55 characters, what a save
 * sends, and the form-level rules the forms run on blur (the shared module the server runs too:
 * tests/integration/profile-rules.test.ts refuses the same values on the server).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ProfileMessages, settingsFieldError, settingsFormErrors } from '../../../contracts/validation/profile';
import { changedFields, formValuesOf } from './formValues';
import { SETTING_DESCRIPTION_MAX, truncate } from './text';

describe('setting card descriptions', () => {
  it('are cut at 55 characters with an ellipsis, at a word when one is near', () => {
    const long = 'Your remaining minutes, every change to them and your payments with receipts.';
    const cut = truncate(long, SETTING_DESCRIPTION_MAX);
    assert.ok([...cut].length <= 55, cut);
    assert.ok(cut.endsWith('…'));
    assert.equal(cut, 'Your remaining minutes, every change to them and your…');
    assert.equal(truncate('Short enough.', 55), 'Short enough.');
    assert.equal(truncate('x'.repeat(55), 55), 'x'.repeat(55));
    assert.equal(truncate('x'.repeat(56), 55), `${'x'.repeat(54)}…`);
  });
});

describe('what a save sends', () => {
  const me = { givenName: 'Ana', surname: null, displayName: 'Ana G.', currentCity: 'Lima', tzIdentifier: 'America/Lima' };
  const fields = ['givenName', 'surname', 'displayName', 'currentCity', 'tzIdentifier'] as const;
  it('only the changed fields, trimmed; a cleared one as null', () => {
    const before = formValuesOf(me, fields);
    assert.deepEqual(before, { givenName: 'Ana', surname: '', displayName: 'Ana G.', currentCity: 'Lima', tzIdentifier: 'America/Lima' });
    assert.deepEqual(changedFields(before, { ...before, givenName: '  ', currentCity: ' Cusco ' }, fields), {
      givenName: null,
      currentCity: 'Cusco',
    });
    assert.deepEqual(changedFields(before, { ...before, displayName: 'Ana G. ' }, fields), {});
  });
});

describe("the forms' rules on blur", () => {
  const today = '2026-11-25';
  it("student profile: names optional, display name, location and zone required, with the spec's bounds", () => {
    assert.equal(settingsFieldError('STUDENT', 'givenName', '', today), null);
    assert.equal(settingsFieldError('STUDENT', 'displayName', '', today), ProfileMessages.required);
    assert.equal(settingsFieldError('STUDENT', 'currentState', 'x'.repeat(61), today), 'A maximum of 60 characters is accepted.');
    assert.equal(settingsFieldError('STUDENT', 'tzIdentifier', 'Atlantis/Capital', today), ProfileMessages.invalidTimezone);
  });
  it('instructor profile: school required, at most 120', () => {
    assert.equal(settingsFieldError('INSTRUCTOR', 'school', '', today), ProfileMessages.required);
    assert.equal(settingsFieldError('INSTRUCTOR', 'school', 'x'.repeat(121), today), 'A maximum of 120 characters is accepted.');
  });
  it('speaker profile: birthday and gender by their rules, hometown optional', () => {
    assert.equal(settingsFieldError('SPEAKER', 'dateOfBirth', '2026-13-01', today), ProfileMessages.invalidDate);
    assert.equal(settingsFieldError('SPEAKER', 'dateOfBirth', '2026-12-01', today), ProfileMessages.futureDate);
    assert.equal(settingsFieldError('SPEAKER', 'gender', '', today), ProfileMessages.genderRequired);
    assert.equal(settingsFieldError('SPEAKER', 'previousCountry', '', today), null);
    assert.equal(Object.keys(settingsFormErrors('SPEAKER', {}, today)).length, 12);
  });
});
