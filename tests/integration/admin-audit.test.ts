/**
 * The back-office's changes and what they leave behind: a minutes change by an admin appears in the
 * student's history with the admin's address; an email change claims the new address and releases
 * the old one atomically; a password reset sent by an admin is a notification with a timeline and a
 * redacted preview; quick search finds people only by what the pii option allows; the dashboard
 * window is today and tomorrow in the admin's time zone.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Messages } from '../../contracts/errors';
import { dashboardWindow } from '../../services/api/resolvers/admin';
import { codeOf, createAdmin, mailSettled, signIn, signUp, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { readModelsCaughtUp } from '../support/enrollment';
import { eventually } from '../support/eventually';

let app: TestApp;
let admin: { token: string; accountId: string };

const HISTORY = `query($id: ID!, $first: Int, $after: String, $filter: [FilterInput!]) {
  userHistory(userId: $id, first: $first, after: $after, filter: $filter) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id eventType occurredAt description actor { id emailAddress displayName } } }
  }
}`;
const CHANGE_EMAIL = `mutation($input: ChangeUserEmailAddressInput!) { changeUserEmailAddress(input: $input) { changed user { id emailAddress } } }`;
const SEND_RESET = `mutation($input: SendPasswordResetInput!) { sendPasswordReset(input: $input) { sent user { account { resetPasswordSentAt } } } }`;
const SEARCH = `query($q: String!, $pii: Boolean) { quickSearch(searchQuery: $q, pii: $pii) {
  conversations { id } courses { id } lessons { id } instructors { id title emailAddress } speakers { id } students { id kind title location emailAddress } } }`;

beforeAll(async () => {
  app = await startTestApp({}, 'admin_audit');
  admin = await createAdmin(app, 'boss@example.com');
});
afterAll(async () => {
  await app.close();
});

describe('audit history', () => {
  it("shows an admin's minutes change in the student's history with the admin's address", async () => {
    const student = await signUp(app, 'hannah@example.com');
    const res = await app.gql(
      `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`,
      { input: { accountId: student.accountId, minutes: 30, reason: 'Welcome gift' } },
      admin.token,
    );
    assert.equal(res.data.changeMinutes.changed, true);
    const history = await app.gql(HISTORY, { id: student.accountId }, admin.token);
    // The sign-up's welcome mail goes out in the background, so its delivery may come in between.
    const entries = history.data.userHistory.edges.map((e: any) => e.node).filter((e: any) => !e.eventType.startsWith('Notification'));
    assert.equal(entries[0].eventType, 'MinutesChanged', 'newest first');
    assert.equal(entries[0].description, 'Added 30 minutes (admin adjustment). Reason: Welcome gift. Balance: 30 minutes.');
    assert.deepEqual(entries[0].actor, { id: admin.accountId, emailAddress: 'boss@example.com', displayName: null });
    // Older entries: the sign-up and its sign-in, done by the student.
    const signup = entries.find((e: any) => e.eventType === 'AccountRegistered');
    assert.equal(signup.description, 'Signed up as student (onboarding).');
    assert.deepEqual(
      signup.actor,
      { id: student.accountId, emailAddress: 'hannah@example.com', displayName: null },
      'signing up is done by the person',
    );
    const signedIn = entries.find((e: any) => e.eventType === 'SignedIn');
    assert.match(signedIn.description, /^Signed in/);
    // The welcome mail's delivery, in words: never the transport's internal name.
    const sent = await eventually(
      async () => {
        const all = (await app.gql(HISTORY, { id: student.accountId }, admin.token)).data.userHistory.edges.map((e: any) => e.node);
        return all.find((e: any) => e.eventType === 'NotificationSent');
      },
      'the history to show the welcome mail sent',
      20_000,
    );
    assert.match(sent.description, /^The message ".+" was sent \(kept on this server without SMTP\)\.$/);
  });

  it('pages and filters the history with the connection mechanism', async () => {
    const student = await signUp(app, 'paged@example.com');
    for (let i = 1; i <= 12; i++) {
      await app.gql(
        `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`,
        { input: { accountId: student.accountId, minutes: i, reason: `r${i}` } },
        admin.token,
      );
    }
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const res: any = await app.gql(
        HISTORY,
        { id: student.accountId, first: 5, after, filter: [{ field: 'eventType', predicate: 'eq', value: 'MinutesChanged' }] },
        admin.token,
      );
      assert.equal(res.data.userHistory.totalCount, 12);
      seen.push(...res.data.userHistory.edges.map((e: any) => e.node.description));
      if (!res.data.userHistory.pageInfo.hasNextPage) break;
      after = res.data.userHistory.pageInfo.endCursor;
    }
    assert.equal(seen.length, 12);
    assert.match(seen[0], /Reason: r12\./);
    assert.match(seen[11], /Reason: r1\./);
  });
});

describe('changeUserEmailAddress (admin)', () => {
  it('moves the account to a free address: sign-in follows, the old address is released', async () => {
    const student = await signUp(app, 'old.address@example.com');
    const res = await app.gql(
      CHANGE_EMAIL,
      { input: { userId: student.accountId, emailAddress: '  New.Address@Example.com ' } },
      admin.token,
    );
    assert.deepEqual(res.data.changeUserEmailAddress, {
      changed: true,
      user: { id: student.accountId, emailAddress: 'new.address@example.com' },
    });
    await assert.rejects(signIn(app, 'old.address@example.com', 'Passw0rd!'), /incorrect/);
    assert.ok(await signIn(app, 'new.address@example.com', 'Passw0rd!'));
    // The old address is free for someone else now.
    const newcomer = await signUp(app, 'old.address@example.com');
    assert.notEqual(newcomer.accountId, student.accountId);
    const history = await app.gql(
      HISTORY,
      { id: student.accountId, filter: [{ field: 'eventType', predicate: 'eq', value: 'EmailAddressChanged' }] },
      admin.token,
    );
    const entry = history.data.userHistory.edges[0].node;
    assert.equal(entry.description, 'The email address changed from old.address@example.com to new.address@example.com.');
    assert.equal(entry.actor.emailAddress, 'boss@example.com');
    // The lists show the new address.
    const list = await app.gql(
      `{ students(first: 5, filter: [{ field: "emailAddress", predicate: "eq", value: "new.address@example.com" }]) { totalCount } }`,
      {},
      admin.token,
    );
    assert.equal(list.data.students.totalCount, 1);
  });

  it('refuses an address another account holds, changing nothing', async () => {
    const a = await signUp(app, 'taken.a@example.com');
    await signUp(app, 'taken.b@example.com');
    const res = await app.gql(CHANGE_EMAIL, { input: { userId: a.accountId, emailAddress: 'TAKEN.B@example.com' } }, admin.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
    assert.equal(res.errors![0].message, Messages.emailTaken);
    assert.equal(res.errors![0].extensions!.fields!.emailAddress, Messages.emailTaken);
    const bad = await app.gql(CHANGE_EMAIL, { input: { userId: a.accountId, emailAddress: 'nope' } }, admin.token);
    assert.equal(bad.errors![0].message, 'The given value is invalid.');
    const same = await app.gql(CHANGE_EMAIL, { input: { userId: a.accountId, emailAddress: 'taken.a@example.com' } }, admin.token);
    assert.equal(same.data.changeUserEmailAddress.changed, false);
    assert.ok(await signIn(app, 'taken.a@example.com', 'Passw0rd!'));
  });

  it('lets exactly one of two concurrent moves to the same address win', async () => {
    const a = await signUp(app, 'race.a@example.com');
    const b = await signUp(app, 'race.b@example.com');
    const results = await Promise.all(
      [a, b].map((x) => app.gql(CHANGE_EMAIL, { input: { userId: x.accountId, emailAddress: 'race.target@example.com' } }, admin.token)),
    );
    const winners = results.filter((r) => r.data?.changeUserEmailAddress?.changed);
    assert.equal(winners.length, 1);
    assert.equal(results.filter((r) => r.errors?.[0]?.message === Messages.emailTaken).length, 1);
  });

  it('returns NOT_FOUND for an unknown account', async () => {
    const res = await app.gql(CHANGE_EMAIL, { input: { userId: 'nobody', emailAddress: 'x@example.com' } }, admin.token);
    assert.equal(codeOf(res), 'NOT_FOUND');
  });
});

describe('notifications in the back-office', () => {
  it('records a reset sent by an admin with its timeline and a redacted preview', async () => {
    const student = await signUp(app, 'reset.me@example.com');
    const sent = await app.gql(SEND_RESET, { input: { userId: student.accountId } }, admin.token);
    assert.equal(sent.data.sendPasswordReset.sent, true);
    assert.ok(sent.data.sendPasswordReset.user.account.resetPasswordSentAt);

    const list = await app.gql(
      `query($filter: [FilterInput!]) { notifications(filter: $filter) { totalCount edges { node { id subject templateKey latestEventType recipient { id emailAddress roles } } } } }`,
      {
        filter: [
          { field: 'recipient_id', predicate: 'eq', value: student.accountId },
          { field: 'templateKey', predicate: 'eq', value: 'password_reset' },
        ],
      },
      admin.token,
    );
    assert.equal(list.data.notifications.totalCount, 1);
    const node = list.data.notifications.edges[0].node;
    assert.deepEqual(node.recipient, { id: student.accountId, emailAddress: 'reset.me@example.com', roles: ['ONBOARDING_STUDENT'] });
    assert.equal(node.templateKey, 'password_reset');

    const detail = await eventually(
      async () => {
        const res = await app.gql(
          `query($id: ID!) { notification(notificationId: $id) { id fromAddress subject transportType createdAt latestEventType
           templateValue { key value } events { eventType updatedAt details } preview { subject text html } } }`,
          { id: node.id },
          admin.token,
        );
        return res.data.notification.latestEventType === 'NotificationSent' ? res.data.notification : null;
      },
      'the notification to be sent',
      20_000,
    );
    assert.deepEqual(
      detail.events.map((e: any) => e.eventType),
      ['NotificationQueued', 'NotificationSent'],
    );
    assert.match(detail.events[0].details, /Queued for reset.me@example.com/);
    assert.deepEqual(detail.templateValue, [
      { key: 'emailAddress', value: 'reset.me@example.com' },
      { key: 'validForMinutes', value: '60' },
    ]);
    assert.equal(detail.preview.subject, 'Reset your Tertulia password');
    assert.match(detail.preview.text, /\[redacted\]/, 'the reset link is never stored nor shown');
    assert.doesNotMatch(detail.preview.text, /token=/);

    const own = await app.gql(
      `query($id: ID!) { user(userId: $id) { notifications { totalCount edges { node { id subject } } } } }`,
      { id: student.accountId },
      admin.token,
    );
    // The user's own notifications, newest first: the reset, then the welcome of their sign-up.
    assert.deepEqual(
      own.data.user.notifications.edges.map((e: any) => e.node.subject),
      ['Reset your Tertulia password', 'Welcome to Tertulia'],
    );
    assert.equal(own.data.user.notifications.edges[0].node.id, node.id);

    const history = await app.gql(
      HISTORY,
      { id: student.accountId, filter: [{ field: 'eventType', predicate: 'matches', value: 'Notification%' }] },
      admin.token,
    );
    assert.ok(history.data.userHistory.totalCount >= 1);
    const reset = await app.gql(
      HISTORY,
      { id: student.accountId, filter: [{ field: 'eventType', predicate: 'eq', value: 'PasswordResetRequested' }] },
      admin.token,
    );
    assert.equal(reset.data.userHistory.edges[0].node.actor.emailAddress, 'boss@example.com', 'the admin asked for it');
  });
});

describe('quick search', () => {
  it('finds people by address only with the pii option, grouped by role', async () => {
    const s = await signUp(app, 'quentin.searchable@example.com');
    const i = await signUp(app, 'quinn.searchable@example.com', 'Passw0rd!', 'INSTRUCTOR');
    // Sign-up answers once the accounts read model has it; quick search follows a moment later.
    const withPii = await eventually(async () => {
      const res = await app.gql(SEARCH, { q: 'SEARCHABLE', pii: true }, admin.token);
      return res.data.quickSearch.students.length && res.data.quickSearch.instructors.length ? res : null;
    }, 'both people in quick search');
    const groups = withPii.data.quickSearch;
    assert.deepEqual(
      groups.students.map((x: any) => x.id),
      [s.accountId],
    );
    assert.equal(groups.students[0].emailAddress, 'quentin.searchable@example.com');
    assert.equal(groups.students[0].kind, 'person');
    assert.deepEqual(
      groups.instructors.map((x: any) => x.id),
      [i.accountId],
    );
    for (const g of ['conversations', 'courses', 'lessons', 'speakers']) assert.deepEqual(groups[g], []);

    const withoutPii = await app.gql(SEARCH, { q: 'searchable' }, admin.token);
    assert.deepEqual(withoutPii.data.quickSearch.students, [], 'without pii an address is neither matched nor shown');

    const short = await app.gql(SEARCH, { q: 'q', pii: true }, admin.token);
    assert.deepEqual(short.data.quickSearch.students, []);
  });

  it('follows role and address changes', async () => {
    const s = await signUp(app, 'morphing@example.com');
    await app.gql(
      `mutation($input: ChangeRolesInput!) { changeRoles(input: $input) { changed } }`,
      { input: { accountId: s.accountId, add: ['SPEAKER'] } },
      admin.token,
    );
    await app.gql(CHANGE_EMAIL, { input: { userId: s.accountId, emailAddress: 'shapeshifter@example.com' } }, admin.token);
    const res = await app.gql(SEARCH, { q: 'shapeshift', pii: true }, admin.token);
    assert.deepEqual(
      res.data.quickSearch.speakers.map((x: any) => x.id),
      [s.accountId],
    );
    assert.deepEqual(
      res.data.quickSearch.students.map((x: any) => x.id),
      [s.accountId],
    );
    const old = await app.gql(SEARCH, { q: 'morphing', pii: true }, admin.token);
    assert.deepEqual(old.data.quickSearch.students, []);
  });
});

describe('admin dashboard', () => {
  it("spans today and tomorrow in the admin's time zone and is empty until reservations exist", async () => {
    const res = await app.gql(`{ adminDashboard { rangeStart rangeEnd timeZone reservedConversations { id } } }`, {}, admin.token);
    const d = res.data.adminDashboard;
    assert.equal(d.timeZone, 'America/New_York');
    assert.deepEqual(d.reservedConversations, []);
    const expected = dashboardWindow(new Date(), 'America/New_York');
    assert.equal(d.rangeStart, expected.rangeStart.toISOString());
    assert.equal(d.rangeEnd, expected.rangeEnd.toISOString());
  });

  it('computes the window across a daylight-saving change', () => {
    // 2025-03-09 is the spring-forward day in New York: 23 hours long.
    const w = dashboardWindow(new Date('2025-03-09T15:00:00Z'), 'America/New_York');
    assert.equal(w.rangeStart.toISOString(), '2025-03-09T05:00:00.000Z');
    assert.equal(w.rangeEnd.toISOString(), '2025-03-11T03:59:59.999Z');
  });
});

describe('mail templates (admin)', () => {
  const TEMPLATES = `query($first: Int, $filter: [FilterInput!], $sort: [SortInput!]) { mailTemplates(first: $first, filter: $filter, sort: $sort) {
    totalCount edges { node { id templateKey messages sent failedAttempts lastQueuedOn latestSubject latestEventType } } } }`;

  it('lists every template the product sends, its counts kept equal to the messages and their events', async () => {
    const student = await signUp(app, 'templates.student@example.com');
    assert.equal((await app.gql(SEND_RESET, { input: { userId: student.accountId } }, admin.token)).errors, undefined);
    // The welcome and the reset go out in the background: wait for both to be sent.
    const templates = await eventually(
      async () => {
        const res = await app.gql(TEMPLATES, { first: 100 }, admin.token);
        assert.equal(res.errors, undefined, JSON.stringify(res.errors));
        const nodes = res.data.mailTemplates.edges.map((e: any) => e.node);
        const byKey = new Map<string, any>(nodes.map((n: any) => [n.templateKey, n]));
        return byKey.get('password_reset')?.sent >= 1 && byKey.get('welcome')?.sent >= 1 ? byKey : null;
      },
      'the mail templates to count the mails sent',
      20_000,
    );
    assert.ok(templates.has('course_share_invite') && templates.has('payment_receipt'), 'templates never used show too');
    assert.deepEqual([templates.get('course_share_invite').messages, templates.get('course_share_invite').latestEventType], [0, null]);
    assert.equal(templates.get('password_reset').latestSubject !== null, true);
    // The counts are the messages and their events, template by template, read once every mail
    // queued so far (other tests' welcomes too) is settled and counted, so neither side moves.
    await mailSettled(app);
    await readModelsCaughtUp(app, ['notifications']);
    const { rows } = await app.runtime.pool.query(`SELECT n.template_key,
        count(DISTINCT n.id)::int AS messages,
        count(e.*) FILTER (WHERE e.event_type = 'NotificationSent')::int AS sent,
        count(e.*) FILTER (WHERE e.event_type = 'NotificationFailed')::int AS failed
      FROM rm_notifications.notifications n LEFT JOIN rm_notifications.notification_events e ON e.notification_id = n.id GROUP BY n.template_key`);
    const stats = await (await app.gql(TEMPLATES, { first: 100 }, admin.token)).data.mailTemplates.edges.map((e: any) => e.node);
    for (const row of rows) {
      const shown = stats.find((n: any) => n.templateKey === row.template_key);
      assert.deepEqual([shown.messages, shown.sent, shown.failedAttempts], [row.messages, row.sent, row.failed], row.template_key);
    }

    const used = await app.gql(
      TEMPLATES,
      { first: 100, filter: [{ field: 'messages', predicate: 'gt', value: '0' }], sort: [{ field: 'messages', direction: 'DESC' }] },
      admin.token,
    );
    const usedKeys = used.data.mailTemplates.edges.map((e: any) => e.node.templateKey);
    assert.ok(usedKeys.includes('welcome') && !usedKeys.includes('course_share_invite'));
    assert.equal(codeOf(await app.gql(TEMPLATES, { first: 5 }, student.token)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(TEMPLATES, { first: 5 }, null)), 'UNAUTHORIZED');
  });
});

describe('the profiles table (admin)', () => {
  const PROFILES = `query($first: Int, $filter: [FilterInput!], $sort: [SortInput!]) { profiles(first: $first, filter: $filter, sort: $sort) {
    totalCount edges { node { id emailAddress displayName givenName surname currentCity currentCountry school tzIdentifier account { roles } } } } }`;

  it('lists every role with what its profile says, filters and sorts on the profile, and is for admins only', async () => {
    const student = await signUpOnboarded(app, 'profile.student@profiles.example.com');
    const teacher = await signUpOnboarded(app, 'profile.teacher@profiles.example.com', 'Passw0rd!', 'INSTRUCTOR');
    const ours = { field: 'emailAddress', predicate: 'matches', value: '%@profiles.example.com' };
    const both = await eventually(
      async () => {
        const res = await app.gql(
          PROFILES,
          { first: 10, filter: [ours], sort: [{ field: 'displayName', direction: 'DESC' }] },
          admin.token,
        );
        assert.equal(res.errors, undefined, JSON.stringify(res.errors));
        const nodes = res.data.profiles.edges.map((e: any) => e.node);
        return nodes.length === 2 && nodes.every((n: any) => n.displayName) ? nodes : null;
      },
      'both profiles named',
      20_000,
    );
    assert.deepEqual(
      both.map((n: any) => n.displayName),
      ['Test S.', 'Test I.'],
    );
    assert.deepEqual(
      [both[0].id, both[0].currentCity, both[0].currentCountry, both[0].account.roles],
      [student.accountId, 'Lima', 'Peru', ['STUDENT']],
    );
    assert.deepEqual([both[1].id, both[1].school, both[1].account.roles], [teacher.accountId, 'Test School', ['INSTRUCTOR']]);
    const schooled = await app.gql(
      PROFILES,
      { first: 10, filter: [ours, { field: 'school', predicate: 'matches', value: '%school%' }] },
      admin.token,
    );
    assert.deepEqual(
      schooled.data.profiles.edges.map((e: any) => e.node.id),
      [teacher.accountId],
    );
    const inLima = await app.gql(
      PROFILES,
      { first: 10, filter: [ours, { field: 'currentCity', predicate: 'eq', value: 'Lima' }] },
      admin.token,
    );
    assert.deepEqual(
      inLima.data.profiles.edges.map((e: any) => e.node.id),
      [student.accountId],
    );
    assert.equal(codeOf(await app.gql(PROFILES, { first: 5 }, student.token)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(PROFILES, { first: 5 }, null)), 'UNAUTHORIZED');
  });
});
