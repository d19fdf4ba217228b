/**
 * `POST /graphql` with a JSON body is answered by services/api/graphqlPost.ts, everything else by
 * yoga's own HTTP handling. The two must answer alike: each request here goes once as the web app
 * sends it (the handler) and once with an Accept that sends it on to yoga (which picks plain JSON
 * for it all the same), and the status, content type and body must be the same. Yoga's own choice
 * of media type is kept for every other Accept.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { operationParams } from '../../services/api/graphqlPost';
import { signUp, startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ rateLimits: false }, 'graphql_post');
  ({ token } = await signUp(app, 'graphql-post@example.com'));
});
afterAll(async () => {
  await app?.close();
});

async function post(body: string, accept: string, auth: string | null) {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body,
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** The same request through the handler (plain JSON accepted) and through yoga (its negotiation). */
async function bothWays(body: string, auth: string | null = token) {
  const handler = await post(body, 'application/json', auth);
  // An Accept that names event streams goes to yoga, which answers a single result as plain JSON.
  const yoga = await post(body, 'application/json; q=0.5, text/event-stream', auth);
  assert.deepEqual(handler, yoga);
  return handler;
}

const json = (value: unknown) => JSON.stringify(value);

describe('POST /graphql with a JSON body', () => {
  it('answers a query as yoga does', async () => {
    const { status, body } = await bothWays(json({ query: '{ me { id } }' }));
    assert.equal(status, 200);
    assert.ok(JSON.parse(body).data.me.id);
  });

  it('answers a domain error with its code, as yoga does', async () => {
    const { status, body } = await bothWays(json({
      query: 'mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }',
      variables: { input: { accountId: 'nobody', minutes: 5, reason: 'x' } },
    }));
    assert.equal(status, 200);
    assert.ok(JSON.parse(body).errors[0].extensions.code);
  });

  it('answers an operation the schema refuses, a syntax error and bad variables as yoga does', async () => {
    for (const request of [
      { query: '{ me { noSuchField } }' },
      { query: '{ me { id ' },
      { query: 'query($n: Int!) { me { id } }', variables: { n: 'not a number' } },
      { query: 'query A { me { id } } query B { me { id } }' },
      { query: 'query A { me { id } }', operationName: 'B' },
    ]) {
      const { body } = await bothWays(json(request));
      assert.ok(JSON.parse(body).errors?.length, json(request));
    }
  });

  it('answers a signed-out caller as yoga does', async () => {
    const { body } = await bothWays(json({ query: '{ me { id } }' }), null);
    assert.ok(body.length);
  });

  it('leaves to yoga what is not one well-formed operation, with its words', async () => {
    for (const body of ['{"query": ', '[]', '"text"', json({ query: 42 }), json({ query: '{ me { id } }', variables: [] }), json({ query: '{ me { id } }', other: 1 }), json({})]) {
      const answer = await bothWays(body);
      // 400, except a missing query, which the spec answers 200 for a client taking plain JSON.
      assert.equal(answer.status, body === '{}' ? 200 : 400, body);
      assert.ok(JSON.parse(answer.body).errors[0].message, body);
    }
  });

  it("takes only the spec's four parameters, each of its kind", () => {
    assert.ok(operationParams({ query: '{ me { id } }', variables: { a: 1 }, operationName: 'A', extensions: {} }));
    assert.ok(operationParams({ query: '{ me { id } }', variables: null, operationName: null }));
    assert.equal(operationParams({ query: '{ me { id } }', variables: 'x' }), null);
    assert.equal(operationParams({ query: '{ me { id } }', operationName: 3 }), null);
    assert.equal(operationParams({ query: '{ me { id } }', extensions: [] }), null);
    assert.equal(operationParams({ query: '{ me { id } }', id: 'persisted' }), null);
    assert.equal(operationParams([{ query: '{ me { id } }' }]), null);
    assert.equal(operationParams(null), null);
  });
});
