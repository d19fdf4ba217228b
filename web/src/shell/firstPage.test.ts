import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { loadApolloProvider } from '../lib/apolloLoader';
import { STUDENT_PAGES } from '../student/pages';
import { AREAS, firstPageLoads, firstPageParts, loadRequireAuth } from './firstPage';

describe('the first page loads', () => {
  it('asks for the client, the access check, the area and the student page side by side', () => {
    assert.deepEqual(firstPageLoads('/student/home', true), [loadApolloProvider, loadRequireAuth, AREAS.student, STUDENT_PAGES.home]);
    assert.deepEqual(firstPageLoads('/student/lobby', true), [loadApolloProvider, loadRequireAuth, AREAS.student, STUDENT_PAGES.lobby]);
    assert.deepEqual(firstPageLoads('/admin/dashboard', true), [loadApolloProvider, loadRequireAuth, AREAS.admin]);
    assert.deepEqual(firstPageLoads('/conversation', true), [loadApolloProvider, loadRequireAuth, AREAS.conversation]);
    assert.deepEqual(firstPageLoads('/student/no_such_page', true), [loadApolloProvider, loadRequireAuth, AREAS.student]);
  });

  it('asks for nothing signed out (sign-in comes first) or outside the signed-in areas', () => {
    assert.deepEqual(firstPageLoads('/student/home', false), []);
    assert.deepEqual(firstPageLoads('/auth/sign_in', false), []);
    assert.deepEqual(firstPageLoads('/auth/sign_in', true), []);
    assert.deepEqual(firstPageLoads('/help', true), []);
    assert.deepEqual(firstPageLoads('/', true), []);
  });

  it('names the parts of the catalogs the first page shows, asked for before its code', () => {
    assert.deepEqual(firstPageParts('/student/reserve', true), ['signedIn', 'studentReserve']);
    assert.deepEqual(firstPageParts('/speaker/planner', true), ['signedIn', 'speaker']);
    assert.deepEqual(firstPageParts('/student/no_such_page', true), ['signedIn']);
    assert.deepEqual(firstPageParts('/student/home', false), []);
  });
});
