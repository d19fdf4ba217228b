/**
 * The admin's groups table (issue 11; docs/decisions/groups-table.md, "Groups table"): a group is a school
 * instructors name in their profile. Three schools with instructors, courses, enrollments and
 * conversations made through the API (conversations written to the log as the live room would):
 * the counts, two spellings of one school, an instructor without a school, a speaker naming one
 * (not counted), adventures (no school); an instructor changing school, a course changing owner
 * (a share invite accepted with ownership), a course removed and an instructor losing the role
 * move the counts; a course edit moves its name and dates. Paging both ways, sorting, filters; the group's page; refused to everyone but
 * admins; a rebuild of the read model gives the same rows.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { liveSchema } from '../../services/feed/projector';
import { groupsProjector } from '../../projections/groups';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { writeConversation } from '../support/adminViews';
import { enrollAsAdmin } from '../support/conversations';
import { dumpSchema } from '../support/database';
import { createCourse, createCourseAsSystem, createPlans, inDays, readModelsCaughtUp } from '../support/enrollment';
import { createSpeaker } from '../support/scheduling';
import { systemEvent } from '../support/events';

type Person = { token: string; accountId: string };

const GROUP_NODE = 'id name instructorsCount coursesCount currentCoursesCount studentsCount minutesUsed';
const TABLE = `query($first: Int, $last: Int, $after: String, $before: String, $sort: [SortInput!], $filter: [FilterInput!]) {
  groups(first: $first, last: $last, after: $after, before: $before, sort: $sort, filter: $filter) {
    totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { ${GROUP_NODE} } } } }`;
const ONE = `query($id: ID!) { group(groupId: $id) { ${GROUP_NODE}
  instructors { id displayName emailAddress coursesCount }
  courses { id name startDate endDate isPast studentsCount minutesUsed owner { id displayName } } } }`;
const CHANGE_USER = `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }`;
const CREATE_TEMPLATE = `mutation($input: CreateTemplateInput!) { createTemplate(input: $input) { template { id } } }`;
const PROVISION = `mutation($input: CreateProvisionalCoursesInput!) { createProvisionalCourses(input: $input) { courses { id inviteNumber } } }`;
const INVITES = `{ me { shareInvites { id course { id } } } }`;
const ACCEPT = `mutation($input: ShareInvitesInput!) { acceptShareInvites(input: $input) { count } }`;
const REMOVE = `mutation($input: RemoveCourseInput!) { removeCourse(input: $input) { removed } }`;
const ONBOARD = `mutation($input: OnboardAccountInput!) { onboardAccount(input: $input) { onboarded } }`;
const CHANGE_ROLES = `mutation($input: ChangeRolesInput!) { changeRoles(input: $input) { changed } }`;

const event = systemEvent;

let app: TestApp;
let admin: Person;
let speaker: Person;

async function ok(query: string, input: Record<string, unknown>, token: string) {
  const res = await app.gql(query, { input }, token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data;
}

/**
 * An instructor with a display name: onboarded with a school in their profile, or (school null)
 * made an instructor by an admin without one.
 */
async function instructor(email: string, displayName: string, school: string | null): Promise<Person> {
  const person = await signUp(app, email, 'Passw0rd!', 'INSTRUCTOR');
  await ok(CHANGE_USER, { givenName: displayName, surname: 'Teacher', displayName, ...(school ? { school } : {}) }, person.token);
  if (school) await ok(ONBOARD, { role: 'INSTRUCTOR' }, person.token);
  else await ok(CHANGE_ROLES, { accountId: person.accountId, add: ['INSTRUCTOR'] }, admin.token);
  return person;
}

const caughtUp = () => readModelsCaughtUp(app, ['groups', 'directory', 'catalog', 'enrollments']);

async function table(variables: Record<string, unknown> = {}, token = admin.token) {
  const res = await app.gql(TABLE, { first: 50, ...variables }, token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.groups;
}

/** The groups by name: their counts. */
async function counts() {
  await caughtUp();
  const rows = (await table()).edges.map((e: any) => e.node);
  return Object.fromEntries(
    rows.map((g: any) => [g.name, [g.instructorsCount, g.coursesCount, g.currentCoursesCount, g.studentsCount, g.minutesUsed]]),
  );
}

beforeAll(async () => {
  app = await startTestApp({}, 'groups');
  await createPlans(app);
  admin = await createAdmin(app);
  speaker = await createSpeaker(app);
});
afterAll(async () => app?.close());

describe('the groups table', () => {
  let ana: Person, bea: Person, cid: Person, dan: Person, eve: Person;
  const s: Person[] = [];
  const course: Record<string, { id: string; inviteNumber: string }> = {};
  let norteId = '';

  it("counts each school's instructors, courses, current courses, students and minutes", async () => {
    assert.deepEqual(await counts(), {}, 'no school named yet');
    ana = await instructor('ana@example.com', 'Ana', 'Escuela Norte');
    bea = await instructor('bea@example.com', 'Bea', 'escuela  norte');
    cid = await instructor('cid@example.com', 'Cid', 'Escuela Norte');
    dan = await instructor('dan@example.com', 'Dan', 'Colegio Sur');
    eve = await instructor('eve@example.com', 'Eve', null);
    await instructor('fay@example.com', 'Fay', 'Instituto Este');
    // A speaker names where they studied: not an instructor, not counted.
    await ok(CHANGE_USER, { school: 'Colegio Sur' }, speaker.token);
    for (let i = 0; i < 3; i++) s.push(await signUp(app, `student${i}@example.com`));

    course.ana1 = await createCourse(app, ana.token, { name: 'Norte A1' });
    course.anaNext = await createCourse(app, ana.token, { name: 'Norte upcoming', startDate: inDays(10), endDate: inDays(60) });
    course.bea1 = await createCourse(app, bea.token, { name: 'Norte B1' });
    course.dan1 = await createCourse(app, dan.token, { name: 'Sur D1' });
    course.eve1 = await createCourse(app, eve.token, { name: 'No school' });
    // An adventure owned by an instructor belongs to no school; so does a course with no owner.
    const adventure = await createCourseAsSystem(app, {
      kind: 'adventure',
      name: 'Adventure',
      ownerId: ana.accountId,
      startDate: null,
      endDate: null,
    });
    await createCourseAsSystem(app, { name: "Nobody's", ownerId: null });

    await enrollAsAdmin(app, course.ana1.inviteNumber, s[0].accountId);
    await enrollAsAdmin(app, course.ana1.inviteNumber, s[1].accountId);
    await enrollAsAdmin(app, course.bea1.inviteNumber, s[0].accountId);
    await enrollAsAdmin(app, course.dan1.inviteNumber, s[2].accountId);
    await enrollAsAdmin(app, course.eve1.inviteNumber, s[2].accountId);
    const adventureInvite = (
      await app.runtime.pool.query('SELECT invite_number FROM rm_catalog.courses WHERE id = $1', [adventure.courseId])
    ).rows[0].invite_number;
    await enrollAsAdmin(app, adventureInvite, s[1].accountId);

    const past = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await writeConversation(app, s[0].accountId, speaker.accountId, past(30), 'held', course.ana1.id);
    await writeConversation(app, s[1].accountId, speaker.accountId, past(29), 'held', course.ana1.id);
    await writeConversation(app, s[1].accountId, speaker.accountId, past(28), 'canceled', course.ana1.id);
    await writeConversation(app, s[0].accountId, speaker.accountId, past(27), 'held', course.bea1.id);
    await writeConversation(app, s[1].accountId, speaker.accountId, past(26), 'held', adventure.courseId);
    await writeConversation(app, s[2].accountId, speaker.accountId, past(25), 'held', course.eve1.id);
    // Sur: two held, one refunded when marked (a speaker issue), five minutes of fair time on the other.
    const refunded = await writeConversation(app, s[2].accountId, speaker.accountId, past(24), 'held', course.dan1.id);
    const fair = await writeConversation(app, s[2].accountId, speaker.accountId, past(23), 'held', course.dan1.id);
    await app.runtime.store.appendToStreams([
      {
        stream: `conversation-${refunded.conversationId}`,
        expected: 'any',
        events: [
          event('ConversationMarked', {
            conversationId: refunded.conversationId,
            markedAs: 'reserved_with_user_issue',
            previous: null,
            markedBy: admin.accountId,
            refundedMinutes: 15,
            bonusMinutes: 10,
            promotion: null,
          }),
        ],
      },
      {
        stream: `conversation-${fair.conversationId}`,
        expected: 'any',
        events: [
          event('FairTimeCredited', { conversationId: fair.conversationId, studentId: s[2].accountId, minutes: 5, lostSeconds: 300 }),
        ],
      },
      // Events about nobody the read model knows: applied, changing nothing.
      { stream: 'profile-ghost', expected: 'any', events: [event('ProfileChanged', { accountId: 'ghost', changes: { school: '   ' } })] },
    ]);

    //                 instructors, courses, current, students, minutes
    assert.deepEqual(await counts(), {
      'Escuela Norte': [3, 3, 2, 2, 45],
      'Colegio Sur': [1, 1, 1, 1, 10],
      'Instituto Este': [1, 0, 0, 0, 0],
    });
    const norte = (await table({ filter: [{ field: 'name', predicate: 'eq', value: 'Escuela Norte' }] })).edges[0].node;
    norteId = norte.id;
  });

  it("shows a group's instructors and courses", async () => {
    const res = await app.gql(ONE, { id: norteId }, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const group = res.data.group;
    assert.equal(group.name, 'Escuela Norte');
    assert.deepEqual(
      group.instructors.map((i: any) => [i.displayName, i.emailAddress, i.coursesCount]),
      [
        ['Ana', 'ana@example.com', 2],
        ['Bea', 'bea@example.com', 1],
        ['Cid', 'cid@example.com', 0],
      ],
    );
    assert.deepEqual(
      group.courses.map((c: any) => [c.name, c.owner.displayName, c.studentsCount, c.minutesUsed, c.isPast]),
      [
        ['Norte upcoming', 'Ana', 0, 0, false],
        ['Norte A1', 'Ana', 2, 30, false],
        ['Norte B1', 'Bea', 1, 15, false],
      ],
    );
    assert.equal((await app.gql(ONE, { id: 'no-such-group' }, admin.token)).data.group, null);
  });

  it("follows a course edit: its name on the group's page, and whether it counts as current by its new dates", async () => {
    const CHANGE_COURSE = `mutation($input: ChangeCourseInput!) { changeCourse(input: $input) { changed } }`;
    await ok(CHANGE_COURSE, { courseId: course.anaNext.id, name: 'Norte starting now', startDate: inDays(0) }, ana.token);
    assert.deepEqual((await counts())['Escuela Norte'], [3, 3, 3, 2, 45]);
    const group = (await app.gql(ONE, { id: norteId }, admin.token)).data.group;
    assert.ok(group.courses.some((c: any) => c.name === 'Norte starting now' && !c.isPast));
    // Back as it was, for the tests after this one.
    await ok(CHANGE_COURSE, { courseId: course.anaNext.id, name: 'Norte upcoming', startDate: inDays(10) }, ana.token);
    assert.deepEqual((await counts())['Escuela Norte'], [3, 3, 2, 2, 45]);
  });

  it('moves the counts when an instructor changes school, a course changes owner, a course is removed or an instructor stops being one', async () => {
    await ok(CHANGE_USER, { school: 'Colegio Sur' }, bea.token);
    assert.deepEqual(await counts(), {
      'Escuela Norte': [2, 2, 1, 2, 30],
      'Colegio Sur': [2, 2, 2, 2, 25],
      'Instituto Este': [1, 0, 0, 0, 0],
    });

    // Ana provisions a course for Dan's address: hers (Norte) until Dan accepts it with ownership.
    const template = (
      await ok(
        CREATE_TEMPLATE,
        { name: 'Shared', language: 'es', proficiency: 'beginner', requirements: { completionRequirement: 2 } },
        ana.token,
      )
    ).createTemplate.template.id;
    const [shared] = (
      await ok(
        PROVISION,
        { templateId: template, attributes: [{ emailAddress: 'dan@example.com', startDate: inDays(3), endDate: inDays(30) }] },
        ana.token,
      )
    ).createProvisionalCourses.courses;
    await enrollAsAdmin(app, shared.inviteNumber, s[2].accountId);
    assert.deepEqual((await counts())['Escuela Norte'], [2, 3, 1, 3, 30]);
    const invites = (await app.gql(INVITES, {}, dan.token)).data.me.shareInvites;
    assert.equal((await ok(ACCEPT, { inviteIds: invites.map((i: any) => i.id) }, dan.token)).acceptShareInvites.count, 1);
    assert.deepEqual(await counts(), {
      'Escuela Norte': [2, 2, 1, 2, 30],
      // Its student is already one of Sur's: still two different students.
      'Colegio Sur': [2, 3, 2, 2, 25],
      'Instituto Este': [1, 0, 0, 0, 0],
    });

    assert.equal((await ok(REMOVE, { courseId: course.anaNext.id }, ana.token)).removeCourse.removed, true);
    await ok(CHANGE_ROLES, { accountId: cid.accountId, remove: ['INSTRUCTOR'] }, admin.token);
    assert.deepEqual(await counts(), {
      'Escuela Norte': [1, 1, 1, 2, 30],
      'Colegio Sur': [2, 3, 2, 2, 25],
      'Instituto Este': [1, 0, 0, 0, 0],
    });
    // A school nobody names any more has no group.
    const gil = await instructor('gil@example.com', 'Gil', 'Academia Oeste');
    assert.deepEqual((await counts())['Academia Oeste'], [1, 0, 0, 0, 0]);
    await ok(CHANGE_USER, { school: 'Colegio Sur' }, gil.token);
    assert.deepEqual(await counts(), {
      'Escuela Norte': [1, 1, 1, 2, 30],
      'Colegio Sur': [3, 3, 2, 2, 25],
      'Instituto Este': [1, 0, 0, 0, 0],
    });
  });

  it('pages both ways, sorts and filters on the server', async () => {
    await caughtUp();
    const byName = [{ field: 'name', direction: 'ASC' }];
    const first = await table({ first: 2, sort: byName });
    assert.equal(first.totalCount, 3);
    assert.deepEqual(
      first.edges.map((e: any) => e.node.name),
      ['Colegio Sur', 'Escuela Norte'],
    );
    assert.deepEqual([first.pageInfo.hasPreviousPage, first.pageInfo.hasNextPage], [false, true]);
    const second = await table({ first: 2, after: first.pageInfo.endCursor, sort: byName });
    assert.deepEqual(
      second.edges.map((e: any) => e.node.name),
      ['Instituto Este'],
    );
    assert.deepEqual([second.pageInfo.hasPreviousPage, second.pageInfo.hasNextPage], [true, false]);
    const back = await table({ first: undefined, last: 2, before: second.pageInfo.startCursor, sort: byName });
    assert.deepEqual(
      back.edges.map((e: any) => e.node.name),
      ['Colegio Sur', 'Escuela Norte'],
    );
    assert.deepEqual([back.pageInfo.hasPreviousPage, back.pageInfo.hasNextPage], [false, true]);

    const names = async (variables: Record<string, unknown>) => (await table(variables)).edges.map((e: any) => e.node.name);
    assert.deepEqual(await names({ sort: [{ field: 'name', direction: 'DESC' }] }), ['Instituto Este', 'Escuela Norte', 'Colegio Sur']);
    assert.deepEqual(await names({ sort: [{ field: 'coursesCount', direction: 'DESC' }] }), [
      'Colegio Sur',
      'Escuela Norte',
      'Instituto Este',
    ]);
    assert.deepEqual(await names({ sort: [{ field: 'minutesUsed', direction: 'ASC' }] }), [
      'Instituto Este',
      'Colegio Sur',
      'Escuela Norte',
    ]);
    assert.deepEqual(
      await names({
        sort: [
          { field: 'instructorsCount', direction: 'DESC' },
          { field: 'name', direction: 'DESC' },
        ],
      }),
      ['Colegio Sur', 'Instituto Este', 'Escuela Norte'],
    );
    assert.deepEqual(
      await names({
        sort: [
          { field: 'studentsCount', direction: 'ASC' },
          { field: 'name', direction: 'ASC' },
        ],
      }),
      ['Instituto Este', 'Colegio Sur', 'Escuela Norte'],
    );

    assert.deepEqual(await names({ filter: [{ field: 'name', predicate: 'matches', value: '%NORTE%' }] }), ['Escuela Norte']);
    assert.deepEqual(
      await names({ filter: [{ field: 'name', predicate: 'matches', value: 'norte' }] }),
      [],
      'matches without % is the whole name',
    );
    assert.deepEqual(
      await names({
        filter: [
          { field: 'studentsCount', predicate: 'gteq', value: '1' },
          { field: 'minutesUsed', predicate: 'lt', value: '30' },
        ],
      }),
      ['Colegio Sur'],
    );
    for (const filter of [
      [{ field: 'school', predicate: 'eq', value: 'x' }],
      [{ field: 'studentsCount', predicate: 'eq', value: 'many' }],
    ]) {
      assert.equal(codeOf(await app.gql(TABLE, { filter }, admin.token)), 'BAD_USER_INPUT');
    }
    assert.equal(
      codeOf(await app.gql(TABLE, { sort: [{ field: 'currentCoursesCount', direction: 'ASC' }] }, admin.token)),
      'BAD_USER_INPUT',
      'current courses move with the clock: not sortable',
    );
  });

  it('is refused to students, instructors, speakers and signed-out callers', async () => {
    for (const token of [s[0].token, ana.token, speaker.token, null]) {
      assert.equal(codeOf(await app.gql(TABLE, { first: 5 }, token)), 'UNAUTHORIZED');
      assert.equal(codeOf(await app.gql(ONE, { id: norteId }, token)), 'UNAUTHORIZED');
    }
  });

  it('gives the same rows when the read model is rebuilt from the log', async () => {
    const before = await table();
    await app.runtime.jobs.stop();
    await caughtUp();
    await app.runtime.runner.stop();
    const tables = await dumpSchema(app.runtime.pool, liveSchema(groupsProjector));
    await app.runtime.runner.rebuild(groupsProjector.name);
    assert.deepEqual(await dumpSchema(app.runtime.pool, liveSchema(groupsProjector)), tables);
    assert.deepEqual(await table(), before);
  });
});
