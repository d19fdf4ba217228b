import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseHomePath, roleLabel, switchableRoles } from './roles';

describe('chooseHomePath', () => {
  it('sends each role to its home', () => {
    assert.equal(chooseHomePath(['ADMIN']), '/admin/dashboard');
    assert.equal(chooseHomePath(['SPEAKER']), '/speaker/planner');
    assert.equal(chooseHomePath(['ONBOARDING_SPEAKER']), '/speaker/planner');
    assert.equal(chooseHomePath(['INSTRUCTOR']), '/instructor/courses/grid');
    assert.equal(chooseHomePath(['ONBOARDING_INSTRUCTOR']), '/instructor/courses/grid');
    assert.equal(chooseHomePath(['STUDENT']), '/student/home');
    assert.equal(chooseHomePath(['ONBOARDING_STUDENT']), '/student/home');
  });
  it('prefers admin, then speaker, instructor, student', () => {
    assert.equal(chooseHomePath(['STUDENT', 'INSTRUCTOR']), '/instructor/courses/grid');
    assert.equal(chooseHomePath(['STUDENT', 'ADMIN', 'SPEAKER']), '/admin/dashboard');
  });
  it('prefers the active role when the account holds it', () => {
    assert.equal(chooseHomePath(['ADMIN', 'STUDENT'], 'STUDENT'), '/student/home');
    assert.equal(chooseHomePath(['STUDENT'], 'ADMIN'), '/student/home');
  });
  it('is null without a role', () => {
    assert.equal(chooseHomePath([]), null);
    assert.equal(chooseHomePath(['GUEST']), null);
  });
});

describe('switchableRoles', () => {
  it('offers nothing to a single-role account', () => {
    assert.deepEqual(switchableRoles(['STUDENT']), []);
    assert.deepEqual(switchableRoles(['STUDENT', 'STUDENT']), []);
  });
  it('offers every role but the current one', () => {
    assert.deepEqual(switchableRoles(['STUDENT', 'INSTRUCTOR']), ['STUDENT']);
    assert.deepEqual(switchableRoles(['STUDENT', 'INSTRUCTOR', 'ADMIN'], 'STUDENT'), ['INSTRUCTOR', 'ADMIN']);
  });
});

describe('roleLabel', () => {
  it('strips the onboarding prefix', () => {
    assert.equal(roleLabel('ONBOARDING_SPEAKER'), 'Speaker');
    assert.equal(roleLabel('ADMIN'), 'Admin');
  });
});
