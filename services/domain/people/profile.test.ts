import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ProfileMessages } from '../../../contracts/validation/profile';
import { decideCompleteOnboarding, evolveAccount, initialAccount } from '../identity/account';
import type { AccountEvent } from '../identity/events';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/spec';
import type { ProfileEvent } from './events';
import { assertOnboardingComplete, decideChangeProfile, evolveProfile, initialProfile } from './profile';

const spec = deciderSpec(evolveProfile, initialProfile);
const ctx = { now: new Date('2026-03-15T12:00:00Z'), actor: { accountId: 'a1', roles: ['ONBOARDING_SPEAKER'] } };
const changed = (changes: Record<string, string | null>): ProfileEvent => ({
  type: 'ProfileChanged',
  data: { accountId: 'a1', changes } as never,
});

describe('profile decider', () => {
  it('records only the fields whose value changes, trimmed', () => {
    spec
      .given([changed({ givenName: 'Ana', surname: 'García' })])
      .when((s) =>
        decideChangeProfile(s, { accountId: 'a1', change: { givenName: 'Ana', surname: ' Garcia ', displayName: 'Ana G.' } }, ctx),
      )
      .then([changed({ surname: 'Garcia', displayName: 'Ana G.' })]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([changed({ givenName: 'Ana' })])
      .when((s) => decideChangeProfile(s, { accountId: 'a1', change: { givenName: 'Ana ' } }, ctx))
      .then([]);
  });

  it('clears the hometown with null or a blank value', () => {
    spec
      .given([changed({ previousCity: 'Cusco' })])
      .when((s) => decideChangeProfile(s, { accountId: 'a1', change: { previousCity: '  ' } }, ctx))
      .then([changed({ previousCity: null })]);
  });

  it('refuses an invalid field with its message, and a bad zone with INVALID_TIMEZONE', () => {
    spec
      .given([])
      .when((s) => decideChangeProfile(s, { accountId: 'a1', change: { bioHobbiesAre: 'short' } }, ctx))
      .thenThrows('BAD_USER_INPUT', ProfileMessages.bioMin);
    spec
      .given([])
      .when((s) => decideChangeProfile(s, { accountId: 'a1', change: { tzIdentifier: 'Atlantis/Capital' } }, ctx))
      .thenThrows('INVALID_TIMEZONE', ProfileMessages.invalidTimezone);
  });

  it("counts the birthday's age in the person's zone", () => {
    // 2026-03-15 12:00 UTC is already the 16th in Kiritimati (UTC+14): 17 there, not yet in New York.
    const birthday = { dateOfBirth: '2009-03-16' };
    spec
      .given([changed({ tzIdentifier: 'Pacific/Kiritimati' })])
      .when((s) => decideChangeProfile(s, { accountId: 'a1', change: birthday }, ctx))
      .then([changed(birthday)]);
    spec
      .given([])
      .when((s) => decideChangeProfile(s, { accountId: 'a1', change: birthday }, ctx))
      .thenThrows('BAD_USER_INPUT', ProfileMessages.ageRange);
  });
});

describe('onboarding', () => {
  const complete = {
    givenName: 'Ana',
    surname: 'García',
    displayName: 'Ana G.',
    currentCity: 'Lima',
    currentState: 'Lima',
    currentCountry: 'Peru',
    school: 'PUCP',
    gender: 'female',
    dateOfBirth: '1990-05-01',
    bioHobbiesAre: 'Hiking and salsa',
    bioDreamCareer: 'A travel writer',
  };
  it("needs the speaker's headshot besides the fields", () => {
    const withoutHeadshot = fold(evolveProfile, initialProfile(), [changed(complete)]);
    assert.throws(
      () => assertOnboardingComplete(withoutHeadshot, 'SPEAKER', ctx),
      (e: any) => e.fields.headshot === ProfileMessages.headshotRequired,
    );
    const ready = evolveProfile(withoutHeadshot, {
      type: 'HeadshotUploaded',
      data: { accountId: 'a1', key: 'headshots/x.jpg', contentType: 'image/jpeg', width: 512, height: 512, bytes: 1 },
    });
    assert.doesNotThrow(() => assertOnboardingComplete(ready, 'SPEAKER', ctx));
  });

  it('turns ONBOARDING_SPEAKER into SPEAKER and keeps the chosen role chosen', () => {
    const account = fold(evolveAccount, initialAccount(), [
      {
        type: 'AccountRegistered',
        data: {
          accountId: 'a1',
          emailAddress: 'a@x.org',
          passwordHash: 'h',
          roles: ['ONBOARDING_STUDENT', 'ONBOARDING_SPEAKER'],
          via: 'seed',
        },
      },
      { type: 'ActiveRoleSwitched', data: { role: 'ONBOARDING_SPEAKER' } },
    ] as AccountEvent[]);
    assert.deepEqual(decideCompleteOnboarding(account, { role: 'SPEAKER' }), [
      { type: 'RolesChanged', data: { roles: ['SPEAKER', 'ONBOARDING_STUDENT'], added: ['SPEAKER'], removed: ['ONBOARDING_SPEAKER'] } },
      { type: 'ActiveRoleSwitched', data: { role: 'SPEAKER' } },
    ]);
    assert.throws(() => decideCompleteOnboarding(account, { role: 'INSTRUCTOR' }), /not onboarding as instructor/);
  });
});
