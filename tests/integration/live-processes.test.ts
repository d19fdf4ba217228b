/**
 * The live room across API processes: presence, chat and conversationChanged reach a browser
 * connected to another process on the same database; and a process killed mid-conversation loses
 * nothing: the conversation still stops on time, participants rejoin, the chat is all there.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { killApiProcesses, startApiProcess, subscribe } from '../support/apiProcesses';
import { reserveOpenableNow } from '../support/live';
import { createSpeaker, createStudent } from '../support/scheduling';

let app: TestApp;
beforeAll(async () => (app = await startTestApp({ conversationSecondsPerMinute: 2 }, 'liveproc')));
afterAll(async () => {
  killApiProcesses();
  await app?.close();
});

/** A second API process with this test's shortened conversation clock. */
const startApi = () => startApiProcess(app.runtime.databaseUrl, { CONVERSATION_SECONDS_PER_MINUTE: '2' });

const OPEN = `mutation($id: ID!) { moderateConversation(input: { conversationId: $id, open: true }) { opened } }`;
const SYNC = `mutation($id: ID!) { syncParticipant(input: { conversationId: $id }) { remainingTicks totalTicks status } }`;
const POST = `mutation($id: ID!, $body: String!) { postChatMessage(input: { conversationId: $id, body: $body }) { posted } }`;
const PRESENCE = `query($id: ID!) { broadcastPresence(conversationId: $id) { present } }`;
const DETAILS = `query($id: ID!) { conversation(conversationId: $id) { status stopsOn stoppedOn conversationChat { messages { body } } } }`;

describe('the live room across API processes', () => {
  it('delivers presence, chat and conversation changes to a browser on another process', async () => {
    const other = await startApi();
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const { conversationId: id } = await reserveOpenableNow(app, speaker, student);

    const presence = subscribe(
      other.url,
      student.token,
      `subscription($id: ID!) { lobbyPresence(conversationId: $id) { present userId } }`,
      { id },
    );
    const chat = subscribe(
      other.url,
      student.token,
      `subscription($id: ID!) { conversationChatMessage(conversationId: $id) { body index } }`,
      { id },
    );
    const changes = subscribe(other.url, student.token, `subscription($id: ID!) { conversationChanged(conversationId: $id) { changed } }`, {
      id,
    });
    await Promise.all([presence.ready(), chat.ready(), changes.ready()]);
    // conversationChanged says when it listens, before anything changed: the page reads then.
    assert.deepEqual((await changes.next()).conversationChanged, { changed: false });

    // Presence starts with how things stand; then each change.
    assert.deepEqual((await presence.next()).lobbyPresence, { present: false, userId: speaker.accountId });
    await app.gql(PRESENCE, { id }, speaker.token);
    assert.deepEqual((await presence.next()).lobbyPresence, { present: true, userId: speaker.accountId });
    await app.gql(POST, { id, body: 'Hola desde el otro proceso' }, speaker.token);
    assert.deepEqual((await chat.next()).conversationChatMessage, { body: 'Hola desde el otro proceso', index: 0 });
    await app.gql(OPEN, { id }, speaker.token);
    assert.deepEqual((await changes.next()).conversationChanged, { changed: true });
    for (const s of [presence, chat, changes]) await s.dispose();
    other.child.kill('SIGKILL');
  });

  it('survives the API process being killed mid-conversation: stops on time, participants rejoin, no chat is lost', async () => {
    let api = await startApi();
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 60);
    const { conversationId: id } = await reserveOpenableNow(app, speaker, student);
    assert.equal((await api.gql(OPEN, { id }, speaker.token)).data.moderateConversation.opened, true);
    await api.gql(POST, { id, body: 'uno' }, student.token);
    await api.gql(POST, { id, body: 'dos' }, speaker.token);
    await api.gql(SYNC, { id }, student.token);
    assert.equal((await api.gql(SYNC, { id }, speaker.token)).data.syncParticipant.status, 'started');
    await api.gql(POST, { id, body: 'tres' }, student.token);

    api.child.kill('SIGKILL');
    await new Promise((r) => api.child.once('exit', r));
    api = await startApi();

    const rejoined = (await api.gql(SYNC, { id }, student.token)).data.syncParticipant;
    assert.equal(rejoined.status, 'started');
    assert.ok(rejoined.remainingTicks > 0 && rejoined.remainingTicks < rejoined.totalTicks, JSON.stringify(rejoined));
    const during = (await api.gql(DETAILS, { id }, speaker.token)).data.conversation;
    assert.deepEqual(
      during.conversationChat.messages.map((m: any) => m.body),
      ['uno', 'dos', 'tres'],
    );

    const c = await eventually(
      async () => {
        const now = (await api.gql(DETAILS, { id }, speaker.token)).data.conversation;
        return now.status === 'stopped' && now;
      },
      'the conversation stopped by the durable timer',
      45_000,
    );
    const late = Date.parse(c.stoppedOn) - Date.parse(c.stopsOn);
    assert.ok(late >= -1000 && late < 10_000, `stopped ${late} ms after its time`);
    assert.deepEqual(
      c.conversationChat.messages.map((m: any) => m.body),
      ['uno', 'dos', 'tres'],
    );
  });
});
