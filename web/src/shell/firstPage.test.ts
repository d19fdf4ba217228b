import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { loadApolloProvider } from '../lib/apolloLoader';
import { INSTRUCTOR_PAGES } from '../instructor/pages';
import { STUDENT_PAGES } from '../student/pages';
import { firstPageAt } from '../../../contracts/firstPageData';
import { ADMIN_PAGES } from '../admin/pages';
import {
  AREAS,
  firstPageLoads,
  firstPageParts,
  loadAccountLocale,
  loadJoinWelcome,
  loadRemainingMinutes,
  loadRequireAuth,
} from './firstPage';

describe('the first page loads', () => {
  it("asks for the client, the access check, the account's language, the area and the page side by side", () => {
    const frame = [loadApolloProvider, loadRequireAuth, loadAccountLocale];
    const student = [...frame, AREAS.student, loadRemainingMinutes];
    assert.deepEqual(firstPageLoads('/student/home', true), [...student, STUDENT_PAGES.home]);
    assert.deepEqual(firstPageLoads('/student/lobby', true), [...student, STUDENT_PAGES.lobby]);
    assert.deepEqual(firstPageLoads('/admin/dashboard', true), [...frame, AREAS.admin]);
    assert.deepEqual(firstPageLoads('/admin/students', true), [...frame, AREAS.admin, ADMIN_PAGES.backOffice]);
    assert.deepEqual(firstPageLoads('/conversation', true), [...frame, AREAS.conversation]);
    assert.deepEqual(firstPageLoads('/student/no_such_page', true), student);
  });

  it("asks for a course's page with the instructor's area (the courses come with the area)", () => {
    const area = [loadApolloProvider, loadRequireAuth, loadAccountLocale, AREAS.instructor];
    assert.deepEqual(firstPageLoads('/instructor', true), area);
    assert.deepEqual(firstPageLoads('/instructor/courses/grid', true), area);
    assert.deepEqual(firstPageLoads('/instructor/courses/table', true), area);
    assert.deepEqual(firstPageLoads('/instructor/courses/c-1', true), [...area, INSTRUCTOR_PAGES.course]);
    assert.deepEqual(firstPageLoads('/instructor/courses/new', true), area);
    assert.deepEqual(firstPageLoads('/instructor/courses/c-1/edit', true), area);
    assert.deepEqual(firstPageLoads('/instructor/templates', true), area);
  });

  it('asks for nothing signed out (sign-in comes first) but the join link, or outside the signed-in areas', () => {
    assert.deepEqual(firstPageLoads('/join/1234567', false), [loadApolloProvider, loadJoinWelcome]);
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
    assert.deepEqual(firstPageParts('/instructor/courses/grid', true), ['signedIn', 'instructor']);
    assert.deepEqual(firstPageParts('/instructor/courses/c-1', true), ['signedIn', 'instructor', 'instructorCourse']);
    assert.deepEqual(firstPageParts('/student/home', false), []);
    // Signed out, the join page's words come alone, without the signed-in shell's.
    assert.deepEqual(firstPageParts('/join/1234567', false), ['join']);
  });

  it("names the same parts as the server preloads with the page's HTML (contracts/firstPageData.ts)", () => {
    const paths = [
      '/student/home',
      '/student/courses',
      '/student/conversations',
      '/student/reserve',
      '/student/lobby',
      '/student/no_such_page',
      '/instructor/courses/grid',
      '/instructor/courses/c-1',
      '/instructor/templates',
      '/speaker/planner',
      '/admin/dashboard',
      '/admin/students',
      '/conversation',
    ];
    for (const path of paths) assert.deepEqual([...firstPageAt(path)!.parts].sort(), firstPageParts(path, true).sort(), path);
  });
});
