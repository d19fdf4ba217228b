import { describe, expect, it } from 'vitest';
import { AUTH_PAGES } from '../auth/pages';
import { loadApolloRoot } from '../lib/apolloLoader';
import { STUDENT_PAGES } from '../student/pages';
import { AREAS, firstPageModules } from './routeModules';

describe('the first page preloads its chunks at once', () => {
  it('a student page: the access check, the Apollo client, the area and the page', () => {
    expect(firstPageModules('/student/reserve', true)).toEqual([loadApolloRoot, AREAS.requireAuth, AREAS.student, STUDENT_PAGES.reserve]);
    expect(firstPageModules('/student', true)).toEqual([loadApolloRoot, AREAS.requireAuth, AREAS.student, STUDENT_PAGES.home]);
  });

  it('the sign-in page without the Apollo client, the other auth pages with it', () => {
    expect(firstPageModules('/auth/sign_in', false)).toEqual([AREAS.auth, AUTH_PAGES.sign_in]);
    expect(firstPageModules('/auth', false)).toEqual([AREAS.auth, AUTH_PAGES.sign_in]);
    expect(firstPageModules('/auth/sign_up', false)).toEqual([AREAS.auth, AUTH_PAGES.sign_up, loadApolloRoot]);
  });

  it("nothing a signed-out visitor would not see, nor for an unknown address", () => {
    expect(firstPageModules('/admin/dashboard', false)).toEqual([]);
    expect(firstPageModules('/nowhere', true)).toEqual([]);
    expect(firstPageModules('/admin/dashboard', true)).toEqual([loadApolloRoot, AREAS.requireAuth, AREAS.admin]);
  });
});
