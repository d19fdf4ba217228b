import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import pg from 'pg';
import { timestamptzParser } from './timestamps';

const original = pg.types.getTypeParser(1184, 'text') as (text: string) => unknown;
const fast = timestamptzParser(original);

describe('timestamptz parser', () => {
  it('reads every shape PostgreSQL writes exactly as the default parser does', () => {
    const samples = [
      '2026-11-25 10:42:05+00',
      '2026-11-25 10:42:05.1+00',
      '2026-11-25 10:42:05.123+00',
      '2026-11-25 10:42:05.123456+00',
      '2026-11-25 10:42:05.999999+00',
      '2026-03-08 01:45:00-05',
      '2026-03-08 03:00:00-04',
      '2026-11-25 05:42:05.5+05:30',
      '1969-12-31 23:59:59.999+00',
      '2000-02-29 00:00:00+14',
      '1888-01-01 00:00:00+00:09:21',
      '0099-06-01 12:00:00+00',
      '9999-12-31 23:59:59.999999+00',
      '2026-01-01 00:00:00-12',
    ];
    for (const s of samples) assert.equal((fast(s) as Date).getTime(), (original(s) as Date).getTime(), s);
  });

  it('leaves what it does not know to the default parser', () => {
    for (const s of ['infinity', '-infinity', '2026-11-25 10:42:05+00 BC', '12026-11-25 10:42:05+00']) {
      assert.deepEqual(fast(s), original(s), s);
    }
  });

  it('agrees with the default parser on random instants and offsets', () => {
    for (let i = 0; i < 2000; i++) {
      const d = new Date(Math.floor(Math.random() * 4_102_444_800_000));
      const offset = (Math.floor(Math.random() * 27) - 13) * 60 + (Math.random() < 0.2 ? 30 : 0);
      const local = new Date(d.getTime() + offset * 60_000).toISOString().replace('T', ' ').replace('Z', '');
      const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
      const mm = String(Math.abs(offset) % 60).padStart(2, '0');
      const text = `${local.replace(/\.000$/, '')}${offset < 0 ? '-' : '+'}${hh}${mm === '00' ? '' : `:${mm}`}`;
      assert.equal((fast(text) as Date).getTime(), (original(text) as Date).getTime(), text);
    }
  });
});
