/**
 * The live room through the GraphQL API: opening, the server's clock, the durable stop, access
 * tokens only for the two participants, presence, chat and signalling.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { decodeJwt } from 'jose';
import { LiveMessages } from '../../contracts/live';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';
import { createInstructor } from '../support/enrollment';
import { eventually } from '../support/eventually';
import { reserveOpenableNow } from '../support/live';
import { subscribe } from '../support/apiProcesses';
import { readModelsCaughtUp } from '../support/enrollment';
import { createCandidate, createSpeaker, createStudent } from '../support/scheduling';

let app: TestApp;
// A 15-minute conversation lasts 30 seconds here (2 seconds a minute); never in production.
beforeAll(async () => (app = await startTestApp({ conversationSecondsPerMinute: 2 }, 'live')));
afterAll(async () => app?.close());

const OPEN = `mutation($id: ID!) { moderateConversation(input: { conversationId: $id, open: true }) { opened conversation { id status openedOn } } }`;
const SYNC = `mutation($id: ID!) { syncParticipant(input: { conversationId: $id }) { synced pollingDelayMs totalTicks remainingTicks status } }`;
const LEAVE = `mutation($id: ID!) { leaveConversation(input: { conversationId: $id }) { status } }`;
const JOIN = `query($id: ID!) { me { videoJoin(conversationId: $id) { provider roomName identity accessToken iceServers role } } }`;
const MINE = `query($id: ID!) { me { participants(conversationId: $id) { id accessToken connectedFor isConnected } } }`;
const DETAILS = `query($id: ID!) { conversation(conversationId: $id) { status startedOn stopsOn stoppedOn
  participants { id accessToken isConnected connectedFor participantEvents { kind sequence timestamp } }
  chatablePolicy { isChatable } conversationChat { state messages { body index ownerId } } } }`;
const POST = `mutation($id: ID!, $body: String!) { postChatMessage(input: { conversationId: $id, body: $body }) { posted message { index body } } }`;
const UNREAD = `query($id: ID!) { conversation(conversationId: $id) { unreadMessagesCount } }`;
const MARK_READ = `mutation($id: ID!, $through: Int!) { markChatRead(input: { conversationId: $id, throughIndex: $through }) { moved conversation { id unreadMessagesCount } } }`;
const PRESENCE = `query($id: ID!) { broadcastPresence(conversationId: $id) { broadcasted present userId } }`;

describe('the live room', () => {
  it('opens for the speaker only, starts when both are connected, and stops by the server clock', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const { conversationId: id } = await reserveOpenableNow(app, speaker, student);

    // Before opening: no token for anyone, and the student cannot open it.
    assert.equal(codeOf(await app.gql(JOIN, { id }, student.token)), 'CONFLICT');
    assert.equal(codeOf(await app.gql(OPEN, { id }, student.token)), 'UNAUTHORIZED');
    const opened = await app.gql(OPEN, { id }, speaker.token);
    assert.equal(opened.errors, undefined, JSON.stringify(opened.errors));
    assert.equal(opened.data.moderateConversation.conversation.status, 'opened');

    // Tokens: each participant their own, for the local provider's room.
    const studentJoin = (await app.gql(JOIN, { id }, student.token)).data.me.videoJoin;
    const speakerJoin = (await app.gql(JOIN, { id }, speaker.token)).data.me.videoJoin;
    assert.equal(studentJoin.provider, 'local');
    assert.equal(studentJoin.role, 'guest');
    assert.equal(speakerJoin.role, 'host');
    assert.equal(decodeJwt(studentJoin.accessToken).sub, student.accountId);
    assert.equal(studentJoin.roomName, speakerJoin.roomName);

    // One side connected: not started yet, the clock full.
    const first = (await app.gql(SYNC, { id }, student.token)).data.syncParticipant;
    assert.deepEqual(first, { synced: true, pollingDelayMs: 5000, totalTicks: 30, remainingTicks: 30, status: 'opened' });
    const second = (await app.gql(SYNC, { id }, speaker.token)).data.syncParticipant;
    assert.equal(second.status, 'started');
    assert.ok(second.remainingTicks <= 30 && second.remainingTicks >= 28, `remaining ${second.remainingTicks}`);

    // Others see the participants but never a token.
    const details = (await app.gql(DETAILS, { id }, student.token)).data.conversation;
    assert.equal(details.status, 'started');
    assert.deepEqual(
      details.participants.map((p: any) => p.isConnected),
      [true, true],
    );
    assert.ok(details.participants[0].accessToken, 'the student sees their own token');
    assert.equal(details.participants[1].accessToken, null, 'but not the speaker’s');

    // The durable timer stops it (nobody syncs meanwhile).
    const stopped = await eventually(
      async () => {
        const c = (await app.gql(DETAILS, { id }, speaker.token)).data.conversation;
        return c.status === 'stopped' ? c : null;
      },
      'the server to stop the conversation',
      45_000,
    );
    assert.ok(stopped.stoppedOn);
    assert.ok(Date.parse(stopped.stoppedOn) >= Date.parse(stopped.stopsOn) - 1000, 'not before its time');
    const late = (await app.gql(SYNC, { id }, student.token)).data.syncParticipant;
    assert.equal(late.remainingTicks, 0);
    assert.equal(late.status, 'stopped');
    assert.equal(codeOf(await app.gql(JOIN, { id }, student.token)), 'CONFLICT', 'no token once stopped');
  });

  it('gives no access token to another student, an instructor or a signed-out visitor, and the time cannot be extended', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const stranger = await createStudent(app, 60);
    const teacher = await createInstructor(app);
    const { conversationId: id } = await reserveOpenableNow(app, speaker, student);
    await app.gql(OPEN, { id }, speaker.token);

    for (const token of [stranger.token, teacher.token]) {
      const res = await app.gql(JOIN, { id }, token);
      assert.equal(res.errors?.[0].message, LiveMessages.noAccess(id));
      assert.equal(res.data?.me?.videoJoin ?? null, null);
      assert.equal((await app.gql(MINE, { id }, token)).errors?.[0].message, LiveMessages.noAccess(id));
      assert.equal(codeOf(await app.gql(SYNC, { id }, token)), 'UNAUTHORIZED');
    }
    const signedOut = await app.gql(JOIN, { id }, null);
    assert.equal(signedOut.data.me, null, 'a signed-out visitor has no me, so no token');
    assert.ok(codeOf(await app.gql(SYNC, { id }, null)), 'and cannot sync');
    // The schema has no way to set the clock: an attempt to pass one is refused as unknown.
    const extend = await app.gql(
      `mutation($id: ID!) { syncParticipant(input: { conversationId: $id, remainingTicks: 999 }) { remainingTicks } }`,
      { id },
      student.token,
    );
    assert.ok(extend.errors?.length);
  });

  it('records leaving and rejoining in the connection history', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const { conversationId: id } = await reserveOpenableNow(app, speaker, student);
    await app.gql(OPEN, { id }, speaker.token);
    await app.gql(SYNC, { id }, student.token);
    await app.gql(LEAVE, { id }, student.token);
    await app.gql(SYNC, { id }, student.token);
    const mine = (await app.gql(DETAILS, { id }, student.token)).data.conversation.participants[0];
    assert.deepEqual(
      mine.participantEvents.map((e: any) => `${e.kind}:${e.sequence}`),
      ['connected:1', 'disconnected:2', 'connected:3'],
    );
    assert.equal(mine.isConnected, true);
  });

  it('chats both ways before the start, keeps the messages, and refuses a flood', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const { conversationId: id } = await reserveOpenableNow(app, speaker, student);
    assert.equal((await app.gql(DETAILS, { id }, student.token)).data.conversation.conversationChat, null);
    assert.equal((await app.gql(POST, { id, body: '  Hola! <b>hi</b> ' }, student.token)).data.postChatMessage.message.index, 0);
    assert.equal((await app.gql(POST, { id, body: '¡Hola! ¿Qué tal?' }, speaker.token)).data.postChatMessage.message.index, 1);
    const chat = (await app.gql(DETAILS, { id }, speaker.token)).data.conversation.conversationChat;
    assert.equal(chat.state, 'open');
    assert.deepEqual(
      chat.messages.map((m: any) => m.body),
      ['Hola! <b>hi</b>', '¡Hola! ¿Qué tal?'],
    );
    assert.equal(codeOf(await app.gql(POST, { id, body: '   ' }, student.token)), 'BAD_USER_INPUT');
    assert.equal(codeOf(await app.gql(POST, { id, body: 'x'.repeat(1001) }, student.token)), 'BAD_USER_INPUT');
    const stranger = await createStudent(app, 0);
    assert.equal(codeOf(await app.gql(POST, { id, body: 'let me in' }, stranger.token)), 'UNAUTHORIZED');
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++)
      limited = codeOf(await app.gql(POST, { id, body: `message ${i}` }, student.token)) === 'RATE_LIMITED';
    assert.ok(limited, 'a flood is rate limited');
  });

  it('counts the lobby messages a participant has not read, live, until they read them; nobody moves another’s marker', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const { conversationId: id } = await reserveOpenableNow(app, speaker, student);
    const unread = async (token: string) => {
      const res = await app.gql(UNREAD, { id }, token);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      return res.data.conversation.unreadMessagesCount;
    };
    const chatEvents = async () =>
      (await app.runtime.pool.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [`chat-${id}`])).rows[0].n as number;
    const changes = subscribe(app.url, speaker.token, 'subscription { unreadMessagesChanged }', {});
    try {
      await changes.ready();
      assert.deepEqual(await changes.next(), { unreadMessagesChanged: true }, 'a first notice as it listens');
      assert.equal(await unread(speaker.token), 0);

      await app.gql(POST, { id, body: 'Running five minutes late, sorry!' }, student.token);
      assert.deepEqual(await changes.next(), { unreadMessagesChanged: true }, 'the speaker is told of the message');
      assert.equal(await unread(speaker.token), 1);
      assert.equal(await unread(student.token), 0, 'one’s own messages are never unread');
      const listed = (await app.gql(`{ me { conversations { id unreadMessagesCount } } }`, {}, speaker.token)).data.me.conversations;
      assert.equal(listed.find((c: any) => c.id === id).unreadMessagesCount, 1, 'the speaker’s lists count it too');

      // Only the two participants have a marker, and only their own: nobody else reads or moves it.
      const stranger = await createStudent(app, 0);
      const otherSpeaker = await createSpeaker(app);
      const admin = await createAdmin(app, `admin-unread-${Date.now()}@example.com`);
      for (const someone of [stranger, otherSpeaker, admin])
        assert.equal(codeOf(await app.gql(MARK_READ, { id, through: 0 }, someone.token)), 'UNAUTHORIZED');
      assert.equal(await unread(admin.token), 0, 'an admin has no unread count of the participants’');
      assert.equal(await unread(speaker.token), 1);
      assert.equal(codeOf(await app.gql(MARK_READ, { id, through: -1 }, speaker.token)), 'BAD_USER_INPUT');

      const read = await app.gql(MARK_READ, { id, through: 0 }, speaker.token);
      assert.equal(read.errors, undefined, JSON.stringify(read.errors));
      assert.deepEqual(read.data.markChatRead, { moved: true, conversation: { id, unreadMessagesCount: 0 } });
      assert.deepEqual(await changes.next(), { unreadMessagesChanged: true }, 'the speaker’s other windows follow');
      assert.equal(await unread(speaker.token), 0);

      // Shown again: nothing moves, nothing is written.
      const before = await chatEvents();
      assert.equal((await app.gql(MARK_READ, { id, through: 0 }, speaker.token)).data.markChatRead.moved, false);
      assert.equal(await chatEvents(), before);

      await app.gql(POST, { id, body: 'Here now.' }, student.token);
      assert.equal(await unread(speaker.token), 1, 'a later message counts again');
    } finally {
      changes.dispose();
    }
  });

  it('holds the speaker interview in the same room: staff host and open it, the candidate joins as guest', async () => {
    const admin = await createAdmin(app, `admin-live-${Date.now()}@example.com`);
    const speaker = await createCandidate(app);
    const res = await app.gql(
      `mutation($input: InterviewSpeakerInput!) { interviewSpeaker(input: $input) { conversation { id } } }`,
      { input: { speakerId: speaker.accountId } },
      admin.token,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const id = res.data.interviewSpeaker.conversation.id;
    assert.equal(codeOf(await app.gql(OPEN, { id }, speaker.token)), 'UNAUTHORIZED', 'the candidate does not open the interview');
    assert.equal((await app.gql(OPEN, { id }, admin.token)).data.moderateConversation.opened, true);
    assert.equal((await app.gql(JOIN, { id }, admin.token)).data.me.videoJoin.role, 'host');
    assert.equal((await app.gql(JOIN, { id }, speaker.token)).data.me.videoJoin.role, 'guest');
    await app.gql(SYNC, { id }, admin.token);
    assert.equal((await app.gql(SYNC, { id }, speaker.token)).data.syncParticipant.status, 'started');
  });

  it('holds a test call: staff only start and end it, the person alone joins it, and it charges and pays nothing', async () => {
    const admin = await createAdmin(app, `admin-test-call-${Date.now()}@example.com`);
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const START = `mutation($userId: ID!) { startTestCall(input: { userId: $userId }) { started conversation { id kind status duration } } }`;
    const END = `mutation($id: ID!) { endTestCall(input: { conversationId: $id }) { ended conversation { id status } } }`;
    const MY_CALL = `{ me { testCall { id kind } conversations { id } } }`;
    const effects = async () => {
      await readModelsCaughtUp(app, ['minutes', 'payroll', 'conversations']);
      const q = async (sql: string) => (await app.runtime.pool.query(sql, [speaker.accountId, student.accountId])).rows;
      return {
        balances: await q(`SELECT account_id, remaining_minutes FROM rm_minutes.balances WHERE account_id IN ($1, $2) ORDER BY 1`),
        transactions: await q(`SELECT count(*)::int AS n FROM rm_minutes.minute_transactions WHERE account_id IN ($1, $2)`),
        payroll: await q(
          `SELECT (SELECT count(*)::int FROM rm_payroll.lines WHERE speaker_id IN ($1, $2)) AS lines,
                  (SELECT count(*)::int FROM rm_payroll.months WHERE speaker_id IN ($1, $2)) AS months`,
        ),
      };
    };
    const before = await effects();

    // Staff only, with someone else who exists.
    for (const someone of [student, speaker])
      assert.equal(codeOf(await app.gql(START, { userId: student.accountId }, someone.token)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(START, { userId: admin.accountId }, admin.token)), 'BAD_USER_INPUT');
    assert.equal(codeOf(await app.gql(START, { userId: 'no-such-person' }, admin.token)), 'NOT_FOUND');

    for (const callee of [speaker, student]) {
      const started = await app.gql(START, { userId: callee.accountId }, admin.token);
      assert.equal(started.errors, undefined, JSON.stringify(started.errors));
      const call = started.data.startTestCall.conversation;
      assert.deepEqual({ ...call, id: undefined }, { id: undefined, kind: 'test_call', status: 'opened', duration: 10 });
      const again = (await app.gql(START, { userId: callee.accountId }, admin.token)).data.startTestCall;
      assert.deepEqual([again.started, again.conversation.id], [false, call.id], 'one live test call at a time');

      // The person finds it at home, not among their conversations; nobody else can join it.
      const mine = (await app.gql(MY_CALL, {}, callee.token)).data.me;
      assert.deepEqual(mine.testCall, { id: call.id, kind: 'test_call' });
      assert.ok(!mine.conversations.some((c: any) => c.id === call.id), 'a test call is not a conversation of theirs');
      const other = callee === student ? speaker : student;
      assert.equal((await app.gql(MY_CALL, {}, other.token)).data.me.testCall, null);
      assert.equal(codeOf(await app.gql(JOIN, { id: call.id }, other.token)), 'UNAUTHORIZED');
      assert.equal(codeOf(await app.gql(END, { id: call.id }, callee.token)), 'UNAUTHORIZED', 'the person does not end it');

      // Staff host it, the person joins as guest; it runs at most ten minutes.
      assert.equal((await app.gql(JOIN, { id: call.id }, admin.token)).data.me.videoJoin.role, 'host');
      assert.equal((await app.gql(JOIN, { id: call.id }, callee.token)).data.me.videoJoin.role, 'guest');
      await app.gql(SYNC, { id: call.id }, admin.token);
      assert.equal((await app.gql(SYNC, { id: call.id }, callee.token)).data.syncParticipant.status, 'started');
      const running = (await app.gql(DETAILS, { id: call.id }, admin.token)).data.conversation;
      assert.equal((Date.parse(running.stopsOn) - Date.parse(running.startedOn)) / 1000, 10 * 2, 'ten minutes (2 s a minute here)');

      // Staff end it; ending again changes nothing, and the person's home no longer offers it.
      const ended = await app.gql(END, { id: call.id }, admin.token);
      assert.deepEqual(ended.data.endTestCall, { ended: true, conversation: { id: call.id, status: 'stopped' } });
      assert.equal((await app.gql(END, { id: call.id }, admin.token)).data.endTestCall.ended, false);
      assert.equal((await app.gql(MY_CALL, {}, callee.token)).data.me.testCall, null);
    }
    // No minutes charged or given back, no payroll line for the speaker held in a test call.
    assert.deepEqual(await effects(), before);
    const lesson = (await reserveOpenableNow(app, speaker, student)).conversationId;
    assert.equal(codeOf(await app.gql(END, { id: lesson }, admin.token)), 'CONFLICT', 'a lesson is not ended as a test call');
  });

  it('tells a participant whether the other one is present', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const { conversationId: id } = await reserveOpenableNow(app, speaker, student);
    assert.deepEqual((await app.gql(PRESENCE, { id }, student.token)).data.broadcastPresence, {
      broadcasted: true,
      present: false,
      userId: speaker.accountId,
    });
    await app.gql(PRESENCE, { id }, speaker.token);
    assert.deepEqual((await app.gql(PRESENCE, { id }, student.token)).data.broadcastPresence, {
      broadcasted: true,
      present: true,
      userId: speaker.accountId,
    });
  });
});
