/**
 * The live room across API processes: presence, chat and conversationChanged reach a browser
 * connected to another process on the same database; and a process killed mid-conversation loses
 * nothing: the conversation still stops on time, participants rejoin, the chat is all there.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../support/app';
import { reserveOpenableNow } from '../support/live';
import { freePort } from '../support/ports';
import { createSpeaker, createStudent } from '../support/scheduling';

const TEST_SECRET = 'test-secret-not-for-production-0123456789';
let app: TestApp;
const children: ChildProcess[] = [];
before(async () => (app = await startTestApp({ conversationSecondsPerMinute: 2 }, 'liveproc')));
after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await app?.close();
});

interface Api {
  url: string;
  child: ChildProcess;
  gql(query: string, variables: Record<string, unknown>, token: string): Promise<any>;
}

async function startApi(): Promise<Api> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/api-process.ts')], {
    env: { ...process.env, DATABASE_URL: app.runtime.databaseUrl, PORT: String(port), AUTH_SECRET: TEST_SECRET, CONVERSATION_SECONDS_PER_MINUTE: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`API process exited early (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    async gql(query, variables, token) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tertulia-build': 'test', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
  };
}

/** Subscribes at `url`; `next()` resolves with the next value's data. */
function subscribe(url: string, token: string, query: string, variables: Record<string, unknown>) {
  const client = createClient({ url: `${url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authToken: token }, retryAttempts: 0 });
  const values: any[] = [];
  const waiters: ((v: any) => void)[] = [];
  client.subscribe({ query, variables }, {
    next: (value) => {
      const waiter = waiters.shift();
      if (waiter) waiter(value.data ?? value.errors);
      else values.push(value.data ?? value.errors);
    },
    error: (e) => values.push({ error: e }),
    complete: () => {},
  });
  return {
    next: (ms = 10_000) =>
      new Promise<any>((resolve, reject) => {
        if (values.length) return resolve(values.shift());
        const timer = setTimeout(() => reject(new Error(`no value within ${ms} ms for ${query}`)), ms);
        waiters.push((v) => (clearTimeout(timer), resolve(v)));
      }),
    dispose: () => client.dispose(),
  };
}

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

    const presence = subscribe(other.url, student.token, `subscription($id: ID!) { lobbyPresence(conversationId: $id) { present userId } }`, { id });
    const chat = subscribe(other.url, student.token, `subscription($id: ID!) { conversationChatMessage(conversationId: $id) { body index } }`, { id });
    const changes = subscribe(other.url, student.token, `subscription($id: ID!) { conversationChanged(conversationId: $id) { changed } }`, { id });
    await new Promise((r) => setTimeout(r, 700)); // the subscriptions are in place

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
    assert.deepEqual(during.conversationChat.messages.map((m: any) => m.body), ['uno', 'dos', 'tres']);

    const deadline = Date.now() + 45_000;
    let c = during;
    while (c.status !== 'stopped' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      c = (await api.gql(DETAILS, { id }, speaker.token)).data.conversation;
    }
    assert.equal(c.status, 'stopped', 'stopped by the durable timer');
    const late = Date.parse(c.stoppedOn) - Date.parse(c.stopsOn);
    assert.ok(late >= -1000 && late < 10_000, `stopped ${late} ms after its time`);
    assert.deepEqual(c.conversationChat.messages.map((m: any) => m.body), ['uno', 'dos', 'tres']);
  });
});
