import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { Pool } from '../../services/db/pool';
import { configurePseudonyms } from '../../services/domain/shared/pseudonyms';
import { rosterPeopleByEmail } from './index';

/** A pool whose query fails as PostgreSQL does with `code`. */
const failing = (code: string) => ({ query: async () => Promise.reject(Object.assign(new Error(code), { code })) }) as unknown as Pool;

describe('the roster places found at a sign-in', () => {
  it('are none while the read model has no table yet (a sign-in is never refused for it); any other failure is told', async () => {
    configurePseudonyms('a-test-secret-of-enough-length-for-hkdf');
    assert.deepEqual(await rosterPeopleByEmail(failing('42P01'), 'a@school.example'), []);
    assert.deepEqual(await rosterPeopleByEmail(failing('3F000'), 'a@school.example'), []);
    await assert.rejects(rosterPeopleByEmail(failing('57P01'), 'a@school.example'), /57P01/);
  });
});
