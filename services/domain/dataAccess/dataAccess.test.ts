import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { PERSONAL_FIELDS, type PersonalKind, erasedValue } from '../personalData';
import { assertDomainError, deciderSpec } from '../shared/spec';
import {
  ACCESS_REASON_MAX_LENGTH,
  ACCESS_WINDOW_MINUTES,
  DataAccessMessages,
  type PersonalDataViewed,
  dataAccessStream,
  decideRecordView,
  evolveDataAccess,
  initialDataAccess,
} from './dataAccess';

const now = new Date('2026-03-02T10:00:00Z');
const minutesLater = (m: number) => new Date(now.getTime() + m * 60_000);
const spec = deciderSpec(evolveDataAccess, initialDataAccess);
const viewed = (at: Date, view: PersonalDataViewed['data']['view'] = 'PERSON_PAGE', reason: string | null = null): PersonalDataViewed => ({
  type: 'PersonalDataViewed',
  data: { personId: 'student', viewerId: 'admin', view, reason, at: at.toISOString() },
});
const page = { personId: 'student', viewerId: 'admin', view: 'PERSON_PAGE' as const };

describe('audited access to personal data', () => {
  it("records an admin's first view of a person", () => {
    spec
      .given([])
      .when((s) => decideRecordView(s, page, now))
      .then([viewed(now)]);
  });

  it('records one view per admin, person and screen within the window, and again after it', () => {
    spec
      .given([viewed(now)])
      .when((s) => decideRecordView(s, page, minutesLater(ACCESS_WINDOW_MINUTES - 1)))
      .then([]);
    spec
      .given([viewed(now)])
      .when((s) => decideRecordView(s, page, minutesLater(ACCESS_WINDOW_MINUTES)))
      .then([viewed(minutesLater(ACCESS_WINDOW_MINUTES))]);
  });

  it('always records an export, and a view given with a reason', () => {
    const exported = { ...page, view: 'DATA_EXPORT' as const };
    spec
      .given([viewed(now, 'DATA_EXPORT')])
      .when((s) => decideRecordView(s, exported, minutesLater(1)))
      .then([viewed(minutesLater(1), 'DATA_EXPORT')]);
    spec
      .given([viewed(now)])
      .when((s) => decideRecordView(s, { ...page, reason: '  Support ticket 42 ' }, minutesLater(1)))
      .then([viewed(minutesLater(1), 'PERSON_PAGE', 'Support ticket 42')]);
  });

  it('records nothing of an admin looking at their own data', () => {
    spec
      .given([])
      .when((s) => decideRecordView(s, { ...page, personId: 'admin' }, now))
      .then([]);
  });

  it('refuses a reason that is too long or holds a NUL, and stores an empty one as none', () => {
    const long = 'é'.repeat(ACCESS_REASON_MAX_LENGTH + 1);
    assertDomainError(
      () => decideRecordView(initialDataAccess(), { ...page, reason: long }, now),
      'BAD_USER_INPUT',
      DataAccessMessages.reasonTooLong,
    );
    assertDomainError(
      () => decideRecordView(initialDataAccess(), { ...page, reason: 'a\u0000b' }, now),
      'BAD_USER_INPUT',
      DataAccessMessages.reasonNotValid,
    );
    assert.equal(decideRecordView(initialDataAccess(), { ...page, reason: 'é'.repeat(ACCESS_REASON_MAX_LENGTH) }, now).length, 1);
    assert.deepEqual(decideRecordView(initialDataAccess(), { ...page, reason: '   ' }, now), [viewed(now)]);
  });

  it('keeps one stream per person, admin and screen', () => {
    assert.notEqual(dataAccessStream('p', 'a', 'PERSON_PAGE'), dataAccessStream('p', 'a', 'QUICK_SEARCH'));
    assert.notEqual(dataAccessStream('p', 'a', 'PERSON_PAGE'), dataAccessStream('p', 'b', 'PERSON_PAGE'));
  });

  it("seals the reason under the person's key, so erasing the person empties it", () => {
    const fields = PERSONAL_FIELDS.PersonalDataViewed;
    assert.equal(fields.subject(viewed(now).data, 'data-access-student-admin-person_page'), 'student');
    assert.deepEqual(fields.fields, { reason: 'text' });
    assert.equal(erasedValue(fields.fields.reason as PersonalKind, 'student'), null);
  });
});
