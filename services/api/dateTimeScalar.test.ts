/** The DateTime scalar takes only real instants: no rolled-over days, hours or offsets (issue 26). */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { GraphQLError } from 'graphql';
import { describe, it } from 'vitest';
import { DateTimeScalar, parseInstant } from './dateTimeScalar';

describe('DateTime input', () => {
  it('refuses days, times and offsets that do not exist', () => {
    for (const bad of [
      '2026-11-31T11:00:00Z',
      '2026-02-30T10:00:00Z',
      '2025-02-29T00:00:00Z',
      '2026-04-31',
      '2026-13-01T00:00:00Z',
      '2026-00-10T00:00:00Z',
      '2026-01-00T00:00:00Z',
      '2026-06-30T24:00:00Z',
      '2026-06-30T23:60:00Z',
      '2026-06-30T23:59:60Z',
      '2026-06-30T10:00:00+19:00',
      '2026-06-30T10:00:00+05:60',
      '0000-01-01T00:00:00Z',
      '2026-6-30T10:00:00Z',
      'tomorrow',
      '',
      `2026-06-30T10:00:00Z${'0'.repeat(40)}`,
      42,
      null,
    ]) {
      assert.equal(parseInstant(bad), null, String(bad));
      assert.throws(
        () => DateTimeScalar.parseValue(bad),
        (e: GraphQLError) => e.extensions.code === 'BAD_USER_INPUT',
        String(bad),
      );
    }
  });

  it('reads leap days, offsets and instants without an offset (as UTC)', () => {
    assert.equal(parseInstant('2028-02-29T12:00:00Z')!.toISOString(), '2028-02-29T12:00:00.000Z');
    assert.equal(parseInstant('2026-11-30T23:30:00-05:00')!.toISOString(), '2026-12-01T04:30:00.000Z');
    assert.equal(parseInstant('2026-11-30T06:15:00+0530')!.toISOString(), '2026-11-30T00:45:00.000Z');
    assert.equal(parseInstant('2026-11-30T10:00')!.toISOString(), '2026-11-30T10:00:00.000Z');
    assert.equal(parseInstant('2026-11-30')!.toISOString(), '2026-11-30T00:00:00.000Z');
    assert.equal(parseInstant('2026-11-30T10:00:00.123456Z')!.toISOString(), '2026-11-30T10:00:00.123Z');
    assert.equal(parseInstant('0099-03-01T00:00:00Z')!.toISOString(), '0099-03-01T00:00:00.000Z');
  });

  it('reads back every instant it writes, years 1 to 9999', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(new Date(0).setUTCFullYear(1, 0, 1)), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
        (d) => {
          assert.equal(parseInstant(DateTimeScalar.serialize(d) as string)!.getTime(), d.getTime());
        },
      ),
    );
  });
});
