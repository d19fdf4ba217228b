/**
 * The back-office's conversations and courses tables and the dashboard (issue 11): names of both
 * people, the shown status ('unused' for a reservation never opened), paging both ways, the
 * dashboard's window, order and figures; only admins may read them.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { GlobalCheckpoint } from '../../services/eventstore/port';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { nameOf, writeChat, writeConversation } from '../support/adminViews';
import { createSpeaker, createStudent } from '../support/scheduling';
import { createCourse } from '../support/enrollment';
import { eventually } from '../support/eventually';

let app: TestApp;
let admin: { token: string; accountId: string };
let student: { token: string; accountId: string };
let speaker: { token: string; accountId: string };
let instructor: { token: string; accountId: string };
const ids: Record<string, string> = {};

const HOUR = 3600_000;
const LIST = `query($first: Int, $last: Int, $after: String, $before: String, $filter: [FilterInput!], $sort: [SortInput!]) {
  conversations(first: $first, last: $last, after: $after, before: $before, filter: $filter, sort: $sort) {
    totalCount pageInfo { startCursor endCursor hasPreviousPage hasNextPage }
    edges { node { id status isCanceled reservedStart reservedBy { id displayName } reservedWith { id displayName } } } } }`;

beforeAll(async () => {
  app = await startTestApp({}, 'admin_views');
  admin = await createAdmin(app);
  student = await createStudent(app, 0);
  speaker = await createSpeaker(app);
  instructor = await signUp(app, 'teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
  await nameOf(app, student.accountId, 'Rosa P.');
  await nameOf(app, speaker.accountId, 'Miguel S.');
  const now = Date.now();
  let checkpoint: GlobalCheckpoint | undefined;
  for (const [key, hoursFromNow, how] of [
    ['heldYesterday', -30, 'held'],
    ['unused', -5, 'unused'],
    ['neverOpened', -3, 'reserved'],
    ['canceled', 2, 'canceled'],
    ['soon', 3, 'reserved'],
    ['nextWeek', 24 * 8, 'reserved'],
  ] as const) {
    const written = await writeConversation(
      app,
      student.accountId,
      speaker.accountId,
      new Date(Math.floor((now + hoursFromNow * HOUR) / 900_000) * 900_000),
      how,
    );
    ids[key] = written.conversationId;
    checkpoint = written.checkpoint;
  }
  assert.ok(await app.runtime.runner.waitFor(checkpoint, ['conversations', 'directory'], 20_000));
});
afterAll(async () => {
  await app.close();
});

describe('the admin conversations table', () => {
  it('names the student and the speaker and pages both ways, newest start first', async () => {
    const first = await app.gql(LIST, { first: 4 }, admin.token);
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    const page1 = first.data.conversations;
    assert.equal(page1.totalCount, 6);
    assert.deepEqual(
      page1.edges.map((e: any) => e.node.id),
      [ids.nextWeek, ids.soon, ids.canceled, ids.neverOpened],
    );
    assert.equal(page1.edges[0].node.reservedBy.displayName, 'Rosa P.');
    assert.equal(page1.edges[0].node.reservedWith.displayName, 'Miguel S.');
    assert.equal(page1.pageInfo.hasNextPage, true);
    const second = (await app.gql(LIST, { first: 4, after: page1.pageInfo.endCursor }, admin.token)).data.conversations;
    assert.deepEqual(
      second.edges.map((e: any) => e.node.id),
      [ids.unused, ids.heldYesterday],
    );
    assert.equal(second.pageInfo.hasPreviousPage, true);
    const back = (await app.gql(LIST, { last: 4, before: second.pageInfo.startCursor }, admin.token)).data.conversations;
    assert.deepEqual(
      back.edges.map((e: any) => e.node.id),
      page1.edges.map((e: any) => e.node.id),
    );
  });

  it("filters on the shown status: 'unused' holds the stopped-unused and the never-opened past reservation", async () => {
    const res = await app.gql(LIST, { filter: [{ field: 'status', predicate: 'eq', value: 'unused' }] }, admin.token);
    const nodes = res.data.conversations.edges.map((e: any) => e.node);
    assert.deepEqual(nodes.map((n: any) => n.id).sort(), [ids.unused, ids.neverOpened].sort());
    assert.ok(nodes.every((n: any) => n.status === 'unused'));
  });

  it('sorts and filters by the names and the canceled flag', async () => {
    const byName = await app.gql(
      LIST,
      {
        filter: [{ field: 'reservedWith_displayName', predicate: 'matches', value: '%miguel%' }],
        sort: [{ field: 'reservedBy_displayName', direction: 'ASC' }],
      },
      admin.token,
    );
    assert.equal(byName.data.conversations.totalCount, 6);
    const canceled = await app.gql(LIST, { filter: [{ field: 'isCanceled', predicate: 'eq', value: 'true' }] }, admin.token);
    assert.deepEqual(
      canceled.data.conversations.edges.map((e: any) => e.node.id),
      [ids.canceled],
    );
    const unknown = await app.gql(LIST, { filter: [{ field: 'reservedBy_secret', predicate: 'eq', value: 'x' }] }, admin.token);
    assert.equal(codeOf(unknown), 'BAD_USER_INPUT');
  });
});

describe("the admin's read-only chat of a conversation", () => {
  const CHAT = `query($id: ID!) { conversation(conversationId: $id) { id conversationChat { state messages { index body ownerId owner { id displayName } } } } }`;
  it('reads the messages in order with their authors; a student outside it sees nothing; nobody but the two may post', async () => {
    await writeChat(app, ids.heldYesterday, [
      [student.accountId, 'Hola, ¿qué tal?'],
      [speaker.accountId, 'Muy bien, <b>gracias</b>'],
    ]);
    const res = await app.gql(CHAT, { id: ids.heldYesterday }, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const chat = res.data.conversation.conversationChat;
    assert.equal(chat.state, 'closed');
    assert.deepEqual(
      chat.messages.map((m: any) => [m.index, m.body, m.owner.displayName]),
      [
        [0, 'Hola, ¿qué tal?', 'Rosa P.'],
        [1, 'Muy bien, <b>gracias</b>', 'Miguel S.'],
      ],
    );
    assert.equal((await app.gql(CHAT, { id: ids.soon }, admin.token)).data.conversation.conversationChat, null, 'no chat yet');
    const stranger = await createStudent(app, 0);
    const theirs = await app.gql(CHAT, { id: ids.heldYesterday }, stranger.token);
    assert.equal(theirs.data?.conversation ?? null, null, 'another student does not read it');
    assert.equal((await app.gql(CHAT, { id: ids.heldYesterday }, null)).data?.conversation ?? null, null, 'signed out does not read it');
    const post = await app.gql(
      `mutation($id: ID!) { postChatMessage(input: { conversationId: $id, body: "from the admin" }) { posted } }`,
      { id: ids.soon },
      admin.token,
    );
    assert.equal(codeOf(post), 'UNAUTHORIZED', 'the admin reads, never writes');
  });
});

describe('quick search: conversations, courses and lessons', () => {
  const SEARCH = `query($q: String!, $pii: Boolean) { quickSearch(searchQuery: $q, pii: $pii) {
    conversations { id kind title subtitle emailAddress startsAt } courses { id kind title subtitle location } lessons { id kind title subtitle courseId } } }`;
  const search = async (q: string, pii = false) => {
    const res = await app.gql(SEARCH, { q, pii }, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    return res.data.quickSearch;
  };
  const waitSearch = (q: string, ready: (r: any) => boolean, pii = false) =>
    eventually(
      async () => {
        const r = await search(q, pii);
        assert.ok(ready(r), `quick search for ${q}: ${JSON.stringify(r)}`);
        return r;
      },
      `the quick search for ${q} to find what it should`,
      20_000,
    );

  it('finds conversations by both names (addresses only with personal details), retitled when a name changes', async () => {
    const found = await waitSearch('rosa p', (r) => r.conversations.length >= 5);
    assert.ok(
      found.conversations.every((c: any) => c.title === 'Rosa P. with Miguel S.' && c.kind === 'conversation' && c.emailAddress === null),
    );
    // The start is the hit's instant (the page shows it in the admin's zone), not UTC words.
    assert.ok(
      found.conversations.every((c: any) => c.subtitle === 'Lesson · Spanish' && !Number.isNaN(Date.parse(c.startsAt))),
      JSON.stringify(found.conversations[0]),
    );
    // It is still found by its start's day, as an admin would type it.
    const day = new Date(found.conversations[0].startsAt);
    const words = `${day.getUTCDate()} ${day.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${day.getUTCFullYear()}`;
    assert.ok((await waitSearch(words, (r) => r.conversations.length > 0)).conversations.length > 0, words);
    assert.deepEqual((await search('mig')).conversations.length, 5, 'five per group');
    const address = (await app.gql(`query($id: ID!) { user(userId: $id) { emailAddress } }`, { id: student.accountId }, admin.token)).data
      .user.emailAddress;
    assert.equal((await search(address)).conversations.length, 0, 'an address is not matched without personal details');
    const withPii = await search(address, true);
    assert.ok(withPii.conversations.length > 0 && withPii.conversations[0].emailAddress.includes(address));
    await nameOf(app, speaker.accountId, 'Miguel Serrano');
    const renamed = await waitSearch('serrano', (r) => r.conversations.length > 0);
    assert.equal(renamed.conversations[0].title, 'Rosa P. with Miguel Serrano');
    await nameOf(app, speaker.accountId, 'Miguel S.');
    await waitSearch('miguel s.', (r) => r.conversations.length > 0 && r.conversations[0].title === 'Rosa P. with Miguel S.');
  });

  it('finds a course by name and invite number, and a lesson by its title with its course', async () => {
    const teacher = await signUp(app, 'zarzuela-teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const course = await createCourse(app, teacher.token, { name: 'Zarzuela and song', completionRequirement: 2 });
    const byName = await waitSearch('zarzuela', (r) => r.courses.length > 0 && r.lessons.length === 2);
    assert.deepEqual(
      byName.lessons.map((l: any) => [l.title, l.subtitle, l.courseId]).sort(),
      [
        ['Conversation 1', 'Zarzuela and song', course.id],
        ['Conversation 2', 'Zarzuela and song', course.id],
      ],
      "a course's name finds its lessons too",
    );
    assert.equal(byName.courses[0].id, course.id);
    assert.equal(byName.courses[0].title, 'Zarzuela and song');
    assert.match(byName.courses[0].subtitle, new RegExp(`^Spanish · beginner · invite ${course.inviteNumber}$`));
    assert.deepEqual(
      (await search(course.inviteNumber)).courses.map((c: any) => c.id),
      [course.id],
    );

    const owned = await app.gql(
      `query($id: ID!) { me { ownedCourse(courseId: $id) { lessonAssignments { lesson { id } } } } }`,
      { id: course.id },
      teacher.token,
    );
    const lessonId = owned.data.me.ownedCourse.lessonAssignments[0].lesson.id;
    const changed = await app.gql(
      `mutation($input: ChangeLessonInput!) { changeLesson(input: $input) { lessonAssignment { id } } }`,
      { input: { lessonId, title: 'Mercados de Oaxaca', discussionTopic: 'What you buy at a market' } },
      teacher.token,
    );
    assert.equal(changed.errors, undefined, JSON.stringify(changed.errors));
    const lesson = await waitSearch('oaxaca', (r) => r.lessons.length > 0);
    assert.deepEqual(lesson.lessons, [
      { id: lessonId, kind: 'lesson', title: 'Mercados de Oaxaca', subtitle: 'Zarzuela and song', courseId: course.id },
    ]);
    assert.deepEqual(lesson.courses, []);
  });
});

describe('the admin dashboard', () => {
  it('lists the window newest start first without canceled ones, and counts the figures', async () => {
    const res = await app.gql(
      `{ adminDashboard { rangeStart rangeEnd timeZone reservedConversations { id reservedStart status reservedBy reservedWith }
      figures { conversationsToday conversationsTomorrow minutesSoldThisWeek speakersAvailableNow } } }`,
      {},
      admin.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const d = res.data.adminDashboard;
    const start = new Date(d.rangeStart).getTime();
    const end = new Date(d.rangeEnd).getTime();
    const listed = d.reservedConversations;
    assert.ok(!listed.some((c: any) => c.id === ids.canceled || c.id === ids.nextWeek));
    assert.ok(listed.every((c: any) => new Date(c.reservedStart).getTime() >= start && new Date(c.reservedStart).getTime() <= end));
    const times = listed.map((c: any) => new Date(c.reservedStart).getTime());
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    assert.ok(listed.some((c: any) => c.id === ids.soon && c.reservedBy === 'Rosa P.' && c.reservedWith === 'Miguel S.'));
    const inWindow = [ids.unused, ids.neverOpened, ids.soon, ids.heldYesterday].filter((id) => listed.some((c: any) => c.id === id));
    assert.equal(d.figures.conversationsToday + d.figures.conversationsTomorrow, inWindow.length);
    assert.equal(d.figures.minutesSoldThisWeek, 0);
    assert.equal(d.figures.speakersAvailableNow, 0);
  });
});

describe('the admin courses table', () => {
  it('lists courses with the connection arguments', async () => {
    const res = await app.gql(
      `{ courses(first: 5, sort: [{ field: "name", direction: ASC }], filter: [{ field: "isPast", predicate: "eq", value: "false" }]) { totalCount edges { node { id name owner { id } } } } }`,
      {},
      admin.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.ok(res.data.courses.totalCount >= 0);
  });
});

describe('the admin lessons table', () => {
  const LESSONS = `query($first: Int, $after: String, $before: String, $last: Int, $filter: [FilterInput!], $sort: [SortInput!]) {
    lessons(first: $first, after: $after, before: $before, last: $last, filter: $filter, sort: $sort) {
      totalCount pageInfo { endCursor startCursor hasNextPage hasPreviousPage } edges { node { id order dueOn lesson { id title } course { id name } } } } }`;
  it("lists every course's lessons with their course, filters by course name, sorts by title and pages both ways", async () => {
    const teacher = await signUp(app, 'lessons-teacher@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const course = await createCourse(app, teacher.token, { name: 'Tapas talk', completionRequirement: 5 });
    const filter = [{ field: 'course_name', predicate: 'eq', value: 'Tapas talk' }];
    const page1 = await app.gql(LESSONS, { first: 2, filter, sort: [{ field: 'order', direction: 'DESC' }] }, admin.token);
    assert.equal(page1.errors, undefined, JSON.stringify(page1.errors));
    const c = page1.data.lessons;
    assert.equal(c.totalCount, 5);
    assert.deepEqual(
      c.edges.map((e: any) => [e.node.order, e.node.lesson.title, e.node.course.id, e.node.course.name]),
      [
        [5, 'Conversation 5', course.id, 'Tapas talk'],
        [4, 'Conversation 4', course.id, 'Tapas talk'],
      ],
    );
    const page2 = (
      await app.gql(LESSONS, { first: 2, after: c.pageInfo.endCursor, filter, sort: [{ field: 'order', direction: 'DESC' }] }, admin.token)
    ).data.lessons;
    assert.deepEqual(
      page2.edges.map((e: any) => e.node.order),
      [3, 2],
    );
    const back = (
      await app.gql(
        LESSONS,
        { last: 2, before: page2.pageInfo.startCursor, filter, sort: [{ field: 'order', direction: 'DESC' }] },
        admin.token,
      )
    ).data.lessons;
    assert.deepEqual(
      back.edges.map((e: any) => e.node.order),
      [5, 4],
    );
    const byTitle = (
      await app.gql(LESSONS, { filter: [{ field: 'lesson_title', predicate: 'matches', value: '%tion 3' }, ...filter] }, admin.token)
    ).data.lessons;
    assert.deepEqual(
      byTitle.edges.map((e: any) => e.node.lesson.title),
      ['Conversation 3'],
    );
    assert.equal(
      codeOf(await app.gql(LESSONS, { filter: [{ field: 'lesson_privateNote', predicate: 'eq', value: 'x' }] }, admin.token)),
      'BAD_USER_INPUT',
      'private notes are not a filter',
    );
    assert.equal(codeOf(await app.gql(LESSONS, { sort: [{ field: 'course_id', direction: 'ASC' }] }, admin.token)), 'BAD_USER_INPUT');
  });
});

describe('authorization', () => {
  const calls = [
    { name: 'lessons', query: `{ lessons { totalCount } }` },
    { name: 'conversations', query: `{ conversations { totalCount } }` },
    { name: 'courses', query: `{ courses { totalCount } }` },
    { name: 'adminDashboard.figures', query: `{ adminDashboard { figures { conversationsToday } } }` },
  ];
  for (const call of calls) {
    it(`refuses ${call.name} to every other role and signed out`, async () => {
      for (const [who, token] of [
        ['student', () => student.token],
        ['speaker', () => speaker.token],
        ['instructor', () => instructor.token],
        ['signed out', () => null],
      ] as const) {
        const res = await app.gql(call.query, {}, token());
        assert.equal(res.data ?? null, null, `${call.name} as ${who}`);
        assert.ok(['UNAUTHORIZED', 'UNAUTHENTICATED', 'FORBIDDEN'].includes(String(codeOf(res))), `${call.name} as ${who}: ${codeOf(res)}`);
      }
    });
  }
});
