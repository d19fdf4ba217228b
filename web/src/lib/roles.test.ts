import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { chooseHomePath, roleGate, roleLabel, roleWord, switchableRoles } from './roles';

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

describe('roleGate', () => {
  it('opens an area to the role and its onboarding form, whatever the active role', () => {
    assert.deepEqual(roleGate(['STUDENT'], null, 'STUDENT'), { allowed: true });
    assert.deepEqual(roleGate(['ONBOARDING_STUDENT'], null, 'STUDENT'), { allowed: true });
    assert.deepEqual(roleGate(['ONBOARDING_INSTRUCTOR'], null, 'INSTRUCTOR'), { allowed: true });
    assert.deepEqual(roleGate(['ONBOARDING_SPEAKER'], 'ONBOARDING_SPEAKER', 'SPEAKER'), { allowed: true });
    assert.deepEqual(roleGate(['STUDENT', 'INSTRUCTOR'], 'INSTRUCTOR', 'STUDENT'), { allowed: true });
    assert.deepEqual(roleGate(['ADMIN'], null, 'ADMIN'), { allowed: true });
  });
  it('refuses anyone else, naming the role needed and their own home', () => {
    assert.deepEqual(roleGate(['SPEAKER'], null, 'STUDENT'), {
      allowed: false,
      needed: 'STUDENT',
      current: 'SPEAKER',
      home: '/speaker/planner',
    });
    assert.deepEqual(roleGate(['ONBOARDING_SPEAKER'], null, 'INSTRUCTOR'), {
      allowed: false,
      needed: 'INSTRUCTOR',
      current: 'ONBOARDING_SPEAKER',
      home: '/speaker/planner',
    });
    assert.deepEqual(roleGate(['STUDENT'], 'STUDENT', 'ADMIN'), {
      allowed: false,
      needed: 'ADMIN',
      current: 'STUDENT',
      home: '/student/home',
    });
    assert.deepEqual(roleGate(['SPEAKER', 'INSTRUCTOR'], 'INSTRUCTOR', 'STUDENT'), {
      allowed: false,
      needed: 'STUDENT',
      current: 'INSTRUCTOR',
      home: '/instructor/courses/grid',
    });
  });
  it('gives an admin no other area: the landing rules grant ADMIN only the back-office', () => {
    assert.equal(roleGate(['ADMIN'], null, 'STUDENT').allowed, false);
    assert.equal(roleGate(['ADMIN'], null, 'INSTRUCTOR').allowed, false);
  });
  it('refuses an account without roles, with no home to offer', () => {
    assert.deepEqual(roleGate([], null, 'STUDENT'), { allowed: false, needed: 'STUDENT', current: null, home: null });
    assert.equal(roleGate(['GUEST', 'ONBOARDING_ADMIN_X'], null, 'ADMIN').allowed, false);
  });
  it('does not take a look-alike role for the role', () => {
    assert.equal(roleGate(['STUDENTS'], null, 'STUDENT').allowed, false);
    assert.equal(roleGate(['ONBOARDING_'], null, 'STUDENT').allowed, false);
  });
});

describe('roleWord', () => {
  it('says a role in a sentence', () => {
    assert.equal(roleWord('STUDENT'), 'student');
    assert.equal(roleWord('ONBOARDING_INSTRUCTOR'), 'instructor');
  });
});
