import assert from 'node:assert/strict';
import { describe, it, vi } from 'vitest';
import { SessionCache, MAX_AGE_MS, type OpenSession } from './sessionCache';

function fakeListener() {
  const handlers: ((payload: string) => void)[] = [];
  const state = { listening: true };
  return {
    state,
    notice: () => {
      for (const h of handlers) h('account-1');
    },
    listener: {
      on: async (_channel: string, handler: (payload: string) => void) => {
        handlers.push(handler);
        return () => {};
      },
      isListening: () => state.listening,
    },
  };
}

const session = (expiresInMs = 3600_000): OpenSession => ({
  accountId: 'a1',
  roles: ['STUDENT'],
  expiresAt: new Date(Date.now() + expiresInMs),
});

/** Lookups for the cache to call, counting the calls. */
function lookups() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    answering: (answer: () => OpenSession | null) => async () => {
      calls++;
      return answer();
    },
  };
}

describe('session cache', () => {
  it('answers from memory once started and listening, and asks again after a notice', async () => {
    const f = fakeListener();
    const cache = new SessionCache(f.listener);
    const lookup = lookups();
    const load = lookup.answering(session);
    await cache.get('s1', new Date(), load);
    assert.equal(lookup.calls, 1, 'not started: nothing remembered');
    await cache.start();
    await cache.get('s1', new Date(), load);
    await cache.get('s1', new Date(), load);
    assert.equal(lookup.calls, 2, 'remembered after the first lookup');
    f.notice();
    assert.equal(
      await cache.get(
        's1',
        new Date(),
        lookup.answering(() => null),
      ),
      null,
      'a notice forgets: the ended session is read again',
    );
    assert.equal(lookup.calls, 3);
    await cache.get(
      's1',
      new Date(),
      lookup.answering(() => null),
    );
    assert.equal(lookup.calls, 4, 'a closed session is never remembered');
  });

  it('remembers nothing while the notice connection is down, and forgets what it had', async () => {
    const f = fakeListener();
    const cache = new SessionCache(f.listener);
    await cache.start();
    const lookup = lookups();
    const load = lookup.answering(session);
    await cache.get('s1', new Date(), load);
    f.state.listening = false;
    await cache.get('s1', new Date(), load);
    await cache.get('s1', new Date(), load);
    assert.equal(lookup.calls, 3);
    f.state.listening = true;
    await cache.get('s1', new Date(), load);
    assert.equal(lookup.calls, 4, 'what it had before the connection went down was forgotten');
    await cache.get('s1', new Date(), load);
    assert.equal(lookup.calls, 4);
  });

  it('does not remember a lookup that a notice overlapped', async () => {
    const f = fakeListener();
    const cache = new SessionCache(f.listener);
    await cache.start();
    const lookup = lookups();
    await cache.get(
      's1',
      new Date(),
      lookup.answering(() => {
        f.notice(); // the sign-out commits while the open session is being read
        return session();
      }),
    );
    await cache.get(
      's1',
      new Date(),
      lookup.answering(() => null),
    );
    assert.equal(lookup.calls, 2);
  });

  it('trusts an entry for MAX_AGE_MS at most, and never past the session expiry', async () => {
    const f = fakeListener();
    const cache = new SessionCache(f.listener);
    await cache.start();
    const lookup = lookups();
    // The entry's age by the performance clock, moved on rather than waited for.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      await cache.get('s1', new Date(), lookup.answering(session));
      vi.advanceTimersByTime(MAX_AGE_MS - 1);
      await cache.get('s1', new Date(), lookup.answering(session));
      assert.equal(lookup.calls, 1, 'young enough: trusted');
      vi.advanceTimersByTime(2);
      await cache.get('s1', new Date(), lookup.answering(session));
    } finally {
      vi.useRealTimers();
    }
    assert.equal(lookup.calls, 2, 'too old: asked again');
    await cache.get(
      's2',
      new Date(),
      lookup.answering(() => session(100)),
    );
    assert.equal(
      await cache.get(
        's2',
        new Date(Date.now() + 200),
        lookup.answering(() => null),
      ),
      null,
      'expired: asked again',
    );
    assert.equal(lookup.calls, 4);
  });
});
