import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  ProfileMessages,
  dateOfBirthError,
  genderError,
  imageKindOf,
  onboardingProblems,
  profileChangeErrors,
  settingsFormErrors,
  bioError,
  suggestDisplayName,
  textFieldError,
  tzIdentifierError,
} from './profile';

const TODAY = '2026-03-15';

describe('profile text fields', () => {
  it('requires a value and counts characters after trimming', () => {
    assert.equal(textFieldError('currentCity', ''), ProfileMessages.required);
    assert.equal(textFieldError('currentCity', '   '), ProfileMessages.required);
    assert.equal(textFieldError('currentCity', null), ProfileMessages.required);
    assert.equal(textFieldError('previousCity', '', { required: false }), null);
    assert.equal(textFieldError('currentCity', ' Lima '), null);
  });

  it('holds each field to its maximum (city and state 60, country 50, school 120, names 80/145)', () => {
    const cases: [Parameters<typeof textFieldError>[0], number][] = [
      ['currentCity', 60],
      ['currentState', 60],
      ['previousCity', 60],
      ['currentCountry', 50],
      ['previousCountry', 50],
      ['school', 120],
      ['displayName', 145],
      ['givenName', 80],
      ['surname', 145],
    ];
    for (const [field, max] of cases) {
      assert.equal(textFieldError(field, 'x'.repeat(max)), null, `${field} at ${max}`);
      assert.equal(textFieldError(field, 'x'.repeat(max + 1)), `A maximum of ${max} characters is accepted.`, `${field} over ${max}`);
    }
  });

  it('counts code points, so an emoji is one character', () => {
    assert.equal(textFieldError('givenName', '😀'.repeat(80)), null);
  });

  it("holds bios to 10..10,000 characters with the spec's words", () => {
    assert.equal(textFieldError('bioHobbiesAre', ''), 'This is a required field.  Please provide a value.');
    assert.equal(textFieldError('bioHobbiesAre', 'too short'), 'A minimum of 10 characters is required. Please add a bit more.');
    assert.equal(textFieldError('bioDreamCareer', 'ten chars!'), null);
    assert.equal(textFieldError('bioGoalsAre', 'x'.repeat(10_000)), null);
    assert.equal(textFieldError('bioGoalsAre', 'x'.repeat(10_001)), 'A maximum of 10,000 characters is accepted.');
  });
});

describe('gender', () => {
  it('is male or female', () => {
    assert.equal(genderError('male'), null);
    assert.equal(genderError('female'), null);
    for (const bad of ['', null, undefined, 'Male', 'other'])
      assert.equal(genderError(bad), 'This is a required field. Please choose Male or Female.');
  });
});

describe('birthday', () => {
  it('must be a real day', () => {
    assert.equal(dateOfBirthError('1990-02-30', TODAY), ProfileMessages.invalidDate);
    assert.equal(dateOfBirthError('15/03/1990', TODAY), ProfileMessages.invalidDate);
    assert.equal(dateOfBirthError('', TODAY), ProfileMessages.required);
    assert.equal(dateOfBirthError('', TODAY, { required: false }), null);
  });

  it('must not be in the future', () => {
    assert.equal(dateOfBirthError('2026-03-16', TODAY), ProfileMessages.futureDate);
  });

  it('gives an age from 17 to 100 years, counted in whole years to today', () => {
    assert.equal(dateOfBirthError('2009-03-15', TODAY), null, '17 on the birthday');
    assert.equal(dateOfBirthError('2009-03-16', TODAY), ProfileMessages.ageRange, '17 tomorrow');
    assert.equal(dateOfBirthError('1925-03-16', TODAY), null, '100 until the next birthday');
    assert.equal(dateOfBirthError('1925-03-15', TODAY), ProfileMessages.ageRange, '101 today');
    assert.match(ProfileMessages.ageRange, /administrator/);
  });
});

describe('time zone', () => {
  it('is an IANA zone the runtime knows', () => {
    assert.equal(tzIdentifierError('America/New_York'), null);
    assert.equal(tzIdentifierError('Asia/Kolkata'), null);
    assert.equal(tzIdentifierError('UTC'), null);
    assert.equal(tzIdentifierError('Mars/Olympus_Mons'), ProfileMessages.invalidTimezone);
    assert.equal(tzIdentifierError('+05:30'), ProfileMessages.invalidTimezone);
    assert.equal(tzIdentifierError(''), ProfileMessages.required);
    assert.equal(tzIdentifierError('Pacific/Chatham'), null);
    assert.equal(tzIdentifierError('GMT+5'), ProfileMessages.invalidTimezone);
    assert.equal(tzIdentifierError('America/New York'), ProfileMessages.invalidTimezone);
    assert.equal(tzIdentifierError(`Europe/${'x'.repeat(60)}`), ProfileMessages.invalidTimezone);
  });
});

describe('a profile change', () => {
  it('checks only the fields sent, and lets the hometown and real names be cleared', () => {
    assert.deepEqual(profileChangeErrors({ displayName: 'Ana G.' }, TODAY), {});
    assert.deepEqual(profileChangeErrors({ previousCity: null, previousCountry: '', givenName: null }, TODAY), {});
    assert.deepEqual(profileChangeErrors({ displayName: '', gender: 'x', tzIdentifier: 'Nowhere/Land' }, TODAY), {
      displayName: ProfileMessages.required,
      gender: ProfileMessages.genderRequired,
      tzIdentifier: ProfileMessages.invalidTimezone,
    });
  });
});

describe('display name suggestion', () => {
  it("is the given name, the surname's first letter and a period", () => {
    assert.equal(suggestDisplayName('Ana', 'García'), 'Ana G.');
    assert.equal(suggestDisplayName(' Ana ', ' de la Cruz'), 'Ana D.');
    assert.equal(suggestDisplayName('Ana', ''), 'Ana');
    assert.equal(suggestDisplayName('', 'García'), '');
  });
});

describe('onboarding requirements', () => {
  const complete = {
    givenName: 'Ana',
    surname: 'García',
    displayName: 'Ana G.',
    currentCity: 'Lima',
    currentState: 'Lima',
    currentCountry: 'Peru',
    school: 'PUCP',
    gender: 'female' as const,
    dateOfBirth: '1990-05-01',
    bioHobbiesAre: 'Hiking and salsa',
    bioDreamCareer: 'A travel writer',
    headshot: true,
  };
  it('a speaker needs every step but the hometown, headshot included', () => {
    assert.deepEqual(onboardingProblems('SPEAKER', complete, TODAY), {});
    const { headshot: _h, school: _s, ...missing } = complete;
    assert.deepEqual(onboardingProblems('SPEAKER', missing, TODAY), {
      school: ProfileMessages.required,
      headshot: 'A headshot is required. Please upload a picture.',
    });
  });
  it('an instructor needs names and school; a student names, location and three bios', () => {
    assert.deepEqual(onboardingProblems('INSTRUCTOR', complete, TODAY), {});
    assert.deepEqual(Object.keys(onboardingProblems('STUDENT', complete, TODAY)), ['bioGoalsAre']);
  });
});

describe('image kinds by content', () => {
  it('recognises JPEG, PNG and WebP by their first bytes only', () => {
    assert.equal(imageKindOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])), 'jpeg');
    assert.equal(imageKindOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'png');
    assert.equal(imageKindOf(new Uint8Array([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')])), 'webp');
    assert.equal(imageKindOf(Buffer.from('GIF89a')), null);
    assert.equal(imageKindOf(Buffer.from('hello, this is text')), null);
    assert.equal(imageKindOf(new Uint8Array()), null);
  });
});

describe('settings forms (issue 11)', () => {
  const student = {
    displayName: 'Ana G.',
    currentCity: 'Lima',
    currentState: 'Lima',
    currentCountry: 'Peru',
    tzIdentifier: 'America/Lima',
  };
  it('student: names optional; display name, location and zone required', () => {
    assert.deepEqual(settingsFormErrors('STUDENT', { ...student, givenName: '', surname: null }, TODAY), {});
    assert.deepEqual(settingsFormErrors('STUDENT', {}, TODAY), {
      displayName: ProfileMessages.required,
      currentCity: ProfileMessages.required,
      currentState: ProfileMessages.required,
      currentCountry: ProfileMessages.required,
      tzIdentifier: ProfileMessages.required,
    });
    assert.deepEqual(settingsFormErrors('STUDENT', { ...student, givenName: 'x'.repeat(81), currentCountry: 'x'.repeat(51) }, TODAY), {
      givenName: 'A maximum of 80 characters is accepted.',
      currentCountry: 'A maximum of 50 characters is accepted.',
    });
  });
  it('instructor: names, display name, school and zone required', () => {
    assert.deepEqual(Object.keys(settingsFormErrors('INSTRUCTOR', {}, TODAY)), [
      'givenName',
      'surname',
      'displayName',
      'school',
      'tzIdentifier',
    ]);
  });
  it('speaker: the lot, hometown optional, gender and birthday by their rules', () => {
    const errors = settingsFormErrors('SPEAKER', { dateOfBirth: '2020-01-01', gender: 'other' }, TODAY);
    assert.equal(errors.dateOfBirth, ProfileMessages.ageRange);
    assert.equal(errors.gender, ProfileMessages.genderRequired);
    assert.equal(errors.previousCity, undefined);
    assert.equal(errors.bioHobbiesAre, ProfileMessages.required);
  });
  it('admin: display name and zone', () => {
    assert.deepEqual(Object.keys(settingsFormErrors('ADMIN', { tzIdentifier: 'Nowhere/Land' }, TODAY)), ['displayName', 'tzIdentifier']);
  });
  it('bio panels hold the bio rules', () => {
    assert.equal(bioError('bioGoalsAre', ''), ProfileMessages.required);
    assert.equal(bioError('bioGoalsAre', 'short'), ProfileMessages.bioMin);
    assert.equal(bioError('bioGoalsAre', 'long enough now'), null);
  });
});
