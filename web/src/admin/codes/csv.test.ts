import assert from 'node:assert/strict';
import { it } from 'vitest';
import { codesCsv, csvFileName } from './csv';

it('writes one row per code, quoting what needs quoting', () => {
  const csv = codesCsv([
    { value: 'ABCDEFGHJK', minuteQuantity: 30, createdAt: '2026-01-01T00:00:00.000Z', redeemedOn: null, redeemedBy: null },
    {
      value: 'MNPQRSTUVW',
      minuteQuantity: 30,
      createdAt: '2026-01-01T00:00:00.000Z',
      redeemedOn: '2026-02-01T00:00:00.000Z',
      redeemedBy: { emailAddress: 'a,b@example.com' },
    },
  ]);
  assert.equal(
    csv,
    'code,minutes,created_at,redeemed_by,redeemed_on\r\nABCDEFGHJK,30,2026-01-01T00:00:00.000Z,,\r\nMNPQRSTUVW,30,2026-01-01T00:00:00.000Z,"a,b@example.com",2026-02-01T00:00:00.000Z\r\n',
  );
  assert.equal(csvFileName('Spring Term 2026!'), 'redemption-set-spring-term-2026.csv');
});
