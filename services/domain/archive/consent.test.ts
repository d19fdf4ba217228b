import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { assertDomainError } from '../shared/spec';
import {
  DEFAULT_RECORDING_AGE_THRESHOLD,
  PrivacyMessages,
  decideChangePrivacySettings,
  evolvePrivacySettings,
  initialPrivacySettings,
  isUnderAge,
} from './consent';

const ctx = (roles: string[]) => ({ now: new Date('2027-03-07T12:00:00Z'), actor: { accountId: 'a', roles } });

describe("the school's recording age threshold", () => {
  it('is 18 until an admin sets it, and an admin sets a whole number from 0 to 25', () => {
    const state = initialPrivacySettings();
    assert.equal(state.recordingAgeThreshold, DEFAULT_RECORDING_AGE_THRESHOLD);
    const events = decideChangePrivacySettings(state, { recordingAgeThreshold: 16 }, ctx(['ADMIN']));
    assert.deepEqual(events, [
      { type: 'PrivacySettingsChanged', data: { recordingAgeThreshold: 16, retentionDays: 180, maxRetentionDays: 730 } },
    ]);
    assert.equal(evolvePrivacySettings(state, events[0]).recordingAgeThreshold, 16);
    assert.deepEqual(decideChangePrivacySettings(state, { recordingAgeThreshold: 18 }, ctx(['ADMIN'])), [], 'unchanged: nothing');
  });

  it('refuses a value out of range or not whole, and anyone but an admin', () => {
    for (const bad of [-1, 26, 17.5, Number.NaN])
      assertDomainError(
        () => decideChangePrivacySettings(initialPrivacySettings(), { recordingAgeThreshold: bad }, ctx(['ADMIN'])),
        'BAD_USER_INPUT',
        PrivacyMessages.ageThresholdRange,
      );
    assertDomainError(
      () => decideChangePrivacySettings(initialPrivacySettings(), { recordingAgeThreshold: 16 }, ctx(['INSTRUCTOR'])),
      'UNAUTHORIZED',
      PrivacyMessages.adminOnly,
    );
  });
});

describe('under age', () => {
  it('counts whole years on the day, an unknown or unreadable birthday as under age, and nobody at 0', () => {
    assert.equal(isUnderAge('2009-03-08', 18, '2027-03-07'), true);
    assert.equal(isUnderAge('2009-03-07', 18, '2027-03-07'), false);
    assert.equal(isUnderAge(null, 18, '2027-03-07'), true);
    assert.equal(isUnderAge('not a day', 18, '2027-03-07'), true);
    assert.equal(isUnderAge(null, 0, '2027-03-07'), false);
  });
});

describe("the school's retention days", () => {
  it('are 180 after a course ends by default, at most 730, and an admin changes either within range', () => {
    const state = initialPrivacySettings();
    assert.deepEqual([state.retentionDays, state.maxRetentionDays], [180, 730]);
    const [changed] = decideChangePrivacySettings(state, { retentionDays: 30, maxRetentionDays: 90 }, ctx(['ADMIN']));
    assert.deepEqual(changed.data, { recordingAgeThreshold: 18, retentionDays: 30, maxRetentionDays: 90 });
  });

  it('refuses a default above the most, a most out of 1 to 3650, and names the field', () => {
    const state = initialPrivacySettings();
    assertDomainError(
      () => decideChangePrivacySettings(state, { maxRetentionDays: 90 }, ctx(['ADMIN'])),
      'BAD_USER_INPUT',
      PrivacyMessages.retentionRange(90),
    );
    for (const bad of [0, 3651, 1.5])
      assertDomainError(
        () => decideChangePrivacySettings(state, { maxRetentionDays: bad }, ctx(['ADMIN'])),
        'BAD_USER_INPUT',
        PrivacyMessages.maxRetentionRange,
      );
  });
});
