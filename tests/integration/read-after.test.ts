/**
 * Reading one's own writes without the answer waiting for them (contracts/readAfter.ts): a
 * reservation asked only what its command decided answers at once with a `Tertulia-Written` mark;
 * a request carrying the mark waits until the read models have read that far; a bad mark is refused.
 * The runner is stopped where a test needs the read models held back, so nothing here races them.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { parseReadAfter, READ_AFTER_HEADER, WRITTEN_HEADER } from '../../contracts/readAfter';
import { startTestApp, type TestApp } from '../support/app';
import { addAvailability, createSpeaker, createStudent, dayAt } from '../support/scheduling';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ rateLimits: false }, 'read-after');
});
afterAll(async () => {
  await app.close();
});

/** A request as a client sends it, headers and all (app.gql waits for the read models itself). */
async function post(query: string, variables: Record<string, unknown>, token: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tertulia-build': 'test', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { response, body: (await response.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } };
}

const RESERVE_KNOWN = `mutation($input: CreateReservationInput!) { createReservation(input: $input) {
  created conversation { __typename id kind provider status reservedStart reservedEnd duration createdAt updatedAt isCanceled canceledOn markedAs markedOn transferredOn learningLanguage archiveOnStart } } }`;
const MINE = `query($id: ID) { me { conversations(conversationId: $id) {
  __typename id kind provider status reservedStart reservedEnd duration createdAt updatedAt isCanceled canceledOn markedAs markedOn transferredOn learningLanguage archiveOnStart } } }`;

let day = 3;
async function reservable() {
  const speaker = await createSpeaker(app);
  const student = await createStudent(app);
  const start = dayAt(day++, 10);
  await addAvailability(app, speaker, start, dayAt(day - 1, 12));
  return { speaker, student, input: { speakerId: speaker.accountId, reservedStart: start.toISOString(), language: 'es', duration: 15 } };
}

describe('a reservation answered before its read models', () => {
  it('answers at once with where its events are, and a request carrying that waits for the read models to have them', async () => {
    const { student, input } = await reservable();
    await app.runtime.runner.stop();
    let restarted = false;
    try {
      const reserved = await post(RESERVE_KNOWN, { input }, student.token);
      assert.equal(reserved.body.errors, undefined, JSON.stringify(reserved.body.errors));
      const id = reserved.body.data.createReservation.conversation.id as string;
      const mark = reserved.response.headers.get(WRITTEN_HEADER);
      assert.ok(mark, 'the answer names where its events are');
      assert.deepEqual(parseReadAfter(mark)?.readModels, ['availability', 'conversations', 'minutes']);

      // Without the mark, a read is answered from the read model as it is: not there yet.
      const unmarked = await post(MINE, { id }, student.token);
      assert.deepEqual(unmarked.body.data.me.conversations, []);

      // With it, the read waits for the read models, which move only once the runner runs again.
      let answeredAt = 0;
      const marked = post(MINE, { id }, student.token, { [READ_AFTER_HEADER]: mark }).then((r) => {
        answeredAt = Date.now();
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 300)); // Deliberate: the read must still be waiting after this.
      assert.equal(answeredAt, 0, 'the marked read waits while the read models are held');
      const restartedAt = Date.now();
      app.runtime.runner.start();
      restarted = true;
      const { body } = await marked;
      assert.ok(answeredAt >= restartedAt, 'answered once the read models moved');
      // The answer the reservation gave at once is the read model's row, field for field.
      assert.deepEqual(body.data.me.conversations, [reserved.body.data.createReservation.conversation]);
    } finally {
      if (!restarted) app.runtime.runner.start();
    }
  });

  it('waits as before, and names no mark, when the caller asks for more than the reservation decided', async () => {
    const { student, speaker, input } = await reservable();
    const reserved = await post(
      `mutation($input: CreateReservationInput!) { createReservation(input: $input) { conversation { id reservedWith { id } } } }`,
      { input },
      student.token,
    );
    assert.equal(reserved.body.errors, undefined, JSON.stringify(reserved.body.errors));
    assert.equal(reserved.body.data.createReservation.conversation.reservedWith.id, speaker.accountId);
    assert.equal(reserved.response.headers.get(WRITTEN_HEADER), null);
  });

  it('the web’s own reservation and the test clients’ reads: a mark, then the reservation listed', async () => {
    const { student, input } = await reservable();
    const reserved = await app.gql(
      `mutation($input: CreateReservationInput!) { createReservation(input: $input) { conversation { id status reservedStart } } }`,
      { input },
      student.token,
    );
    const id = reserved.data.createReservation.conversation.id;
    // app.gql read its own write (tests/support/readAfter.ts): any reader sees it now.
    const listed = await app.gql(MINE, { id }, student.token);
    assert.equal(listed.data.me.conversations[0]?.id, id);
  });
});

describe('a mark that is not one', () => {
  let student: { token: string; accountId: string };
  beforeAll(async () => {
    student = await createStudent(app);
  });
  for (const [what, mark] of [
    ['malformed', 'yesterday'],
    ['a number with leading zeros', '01.2:conversations'],
    ['a read model this product does not have', '1.2:conversations,no_such_read_model'],
    ['too long', `1.2:${'a'.repeat(1_000)}`],
  ] as const) {
    it(`is refused, clearly: ${what}`, async () => {
      const { body } = await post('{ me { id } }', {}, student.token, { [READ_AFTER_HEADER]: mark });
      assert.equal(body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(body));
      assert.match(body.errors![0].message, /The tertulia-read-after header is not a mark this server sent/);
    });
  }

  it('is not refused when it is one the read models have passed: the request is answered', async () => {
    const { body } = await post('{ me { id } }', {}, student.token, { [READ_AFTER_HEADER]: '1.1:conversations' });
    assert.equal(body.data?.me.id, student.accountId, JSON.stringify(body));
  });
});
