import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { coursePrices, enrollmentMinutes, formatInviteNumber, joinLink } from '../enrollment';
import { formatMoney } from '../money';
import {
  ADMIN_CODE_FORMAT_MESSAGE,
  CourseMessages,
  courseFieldErrors,
  INVITE_NUMBER_INVALID,
  INVITE_NUMBER_REQUIRED,
  REDEMPTION_CODE_INVALID,
  REDEMPTION_CODE_REQUIRED,
  adminRedemptionCodeError,
  extraConversationsError,
  inviteNumberError,
  normalizeInviteNumber,
  normalizeRedemptionCode,
  redemptionCodeError,
  redemptionSetFieldErrors,
} from './enrollment';

describe('invite number rules', () => {
  it('requires a value', () => {
    assert.equal(inviteNumberError(''), INVITE_NUMBER_REQUIRED);
    assert.equal(inviteNumberError('   '), INVITE_NUMBER_REQUIRED);
    assert.equal(inviteNumberError(null), INVITE_NUMBER_REQUIRED);
  });
  it('accepts six digits or 3-3 with surrounding spaces, and nothing else', () => {
    for (const ok of ['123456', '123-456', ' 123-456 ', '000001']) assert.equal(inviteNumberError(ok), null, ok);
    for (const bad of ['12345', '1234567', '12-3456', '123 456', 'abcdef', '123--456', '123-4567'])
      assert.equal(inviteNumberError(bad), INVITE_NUMBER_INVALID, bad);
  });
  it('removes the hyphen and spaces on save; formats as 123-456', () => {
    assert.equal(normalizeInviteNumber(' 123-456 '), '123456');
    assert.equal(formatInviteNumber('123456'), '123-456');
    assert.equal(joinLink('https://tertulia.example/', '123456'), 'https://tertulia.example/join/123456');
  });
});

describe('student redemption code rules', () => {
  it('requires ten letters, or 5 + space + 5, any case', () => {
    assert.equal(redemptionCodeError(''), REDEMPTION_CODE_REQUIRED);
    for (const ok of ['ABCDEFGHJK', 'abcde fghjk', ' AbCdE FgHjK ']) assert.equal(redemptionCodeError(ok), null, ok);
    for (const bad of ['ABCDEFGHJ', 'ABCDEFGHJKL', 'ABCD EFGHJK', 'ABCDE1GHJK', 'ABCDE  FGHJK'])
      assert.equal(redemptionCodeError(bad), REDEMPTION_CODE_INVALID, bad);
  });
  it('is trimmed, the space removed and uppercased', () => {
    assert.equal(normalizeRedemptionCode(' abcde fghjk '), 'ABCDEFGHJK');
  });
  it("admin field: optional, 4+4 or 5+5 with an optional space, else the spec's message", () => {
    for (const ok of ['', 'ABCD EFGH', 'ABCDEFGH', 'ABCDE FGHJK', 'abcdefghjk']) assert.equal(adminRedemptionCodeError(ok), null, ok);
    for (const bad of ['ABC', 'ABCDE FGH', 'ABCDEFGHJKL']) assert.equal(adminRedemptionCodeError(bad), ADMIN_CODE_FORMAT_MESSAGE, bad);
  });
});

describe('extra conversations and redemption sets', () => {
  it('allows none or 1 to 9 extra conversations', () => {
    for (const ok of [null, undefined, 0, 1, 9]) assert.equal(extraConversationsError(ok), null);
    for (const bad of [-1, 10, 1.5]) assert.notEqual(extraConversationsError(bad), null);
  });
  it('checks the redemption set form', () => {
    assert.deepEqual(redemptionSetFieldErrors({ name: 'Spring', fillLimit: 10, duration: 15, quantity: 1 }), {});
    const errors = redemptionSetFieldErrors({ name: 'ab', fillLimit: 0, duration: 20, quantity: 0 });
    assert.deepEqual(Object.keys(errors).sort(), ['duration', 'fillLimit', 'name', 'quantity']);
  });
});

describe('prices, minutes and money', () => {
  it('grants (required + extra conversations) × duration minutes', () => {
    assert.equal(enrollmentMinutes({ completionRequirement: 4, durationRequirement: 15 }), 60);
    assert.equal(enrollmentMinutes({ completionRequirement: 4, durationRequirement: 30 }, 2), 180);
  });
  it('recomputes totals with extra conversations; no unit price means no prices', () => {
    assert.deepEqual(coursePrices(1500, 4, 2), { unitPrice: 1500, totalQuantity: 6, totalPrice: 9000, currency: 'usd' });
    assert.equal(coursePrices(null, 4), null);
  });
  it('shows minor units divided by 100, no decimals for whole amounts', () => {
    assert.equal(formatMoney(2500), '$25');
    assert.equal(formatMoney(1250), '$12.50');
    assert.equal(formatMoney(1205), '$12.05');
    assert.equal(formatMoney(123400), '$1,234');
    assert.equal(formatMoney(0), '$0');
  });
});

describe('course dates (courseFieldErrors)', () => {
  const course = { name: 'Spanish 101', language: 'es', proficiency: 'beginner', durationRequirement: 15, completionRequirement: 4 };
  const today = '2026-11-21';
  it('compares calendar dates with today: an end date today or later is fine, a one-day course too', () => {
    assert.deepEqual(courseFieldErrors({ ...course, startDate: '2026-11-01', endDate: today }, today), {});
    assert.deepEqual(courseFieldErrors({ ...course, startDate: '2026-11-23', endDate: '2026-11-23' }, today), {});
    assert.deepEqual(courseFieldErrors({ ...course, startDate: '2026-11-01', endDate: '2026-11-20' }, today), {
      endDate: CourseMessages.endInPast,
    });
    assert.deepEqual(courseFieldErrors({ ...course, startDate: '2026-12-02', endDate: '2026-12-01' }, today), {
      endDate: CourseMessages.endBeforeStart,
    });
  });
  it('requires both dates and refuses what is not a real day', () => {
    assert.deepEqual(courseFieldErrors({ ...course, startDate: null, endDate: '' }, today), {
      startDate: CourseMessages.startDateRequired,
      endDate: CourseMessages.endDateRequired,
    });
    assert.deepEqual(courseFieldErrors({ ...course, startDate: '2026-02-30', endDate: '2026-11-23T00:00:00Z' }, today), {
      startDate: CourseMessages.dateInvalid,
      endDate: CourseMessages.dateInvalid,
    });
  });
  it('ignores dates where none are asked for (templates, adventures)', () => {
    assert.deepEqual(courseFieldErrors({ ...course, startDate: null, endDate: null }, today, { datesRequired: false }), {});
  });
});
