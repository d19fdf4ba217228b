import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { SessionCache, MAX_AGE_MS, type OpenSession } from './sessionCache';

function fakeListener() {
  const handlers: ((payload: string) => void)[] = [];
  const state = { listening: true };
  return {
    state,
    notice: () => handlers.forEach((h) => h('account-1')),
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

describe('session cache', () => {
  it('answers from memory once started and listening, and asks again after a notice', async () => {
    const f = fakeListener();
    const cache = new SessionCache(f.listener);
    let loads = 0;
    const load = async () => {
      loads++;
      return session();
    };
    await cache.get('s1', new Date(), load);
    assert.equal(loads, 1, 'not started: nothing remembered');
    await cache.start();
    await cache.get('s1', new Date(), load);
    await cache.get('s1', new Date(), load);
    assert.equal(loads, 2, 'remembered after the first lookup');
    f.notice();
    assert.equal(
      await cache.get('s1', new Date(), async () => {
        loads++;
        return null;
      }),
      null,
      'a notice forgets: the ended session is read again',
    );
    assert.equal(loads, 3);
    await cache.get('s1', new Date(), async () => {
      loads++;
      return null;
    });
    assert.equal(loads, 4, 'a closed session is never remembered');
  });

  it('remembers nothing while the notice connection is down, and forgets what it had', async () => {
    const f = fakeListener();
    const cache = new SessionCache(f.listener);
    await cache.start();
    let loads = 0;
    const load = async () => {
      loads++;
      return session();
    };
    await cache.get('s1', new Date(), load);
    f.state.listening = false;
    await cache.get('s1', new Date(), load);
    await cache.get('s1', new Date(), load);
    assert.equal(loads, 3);
    f.state.listening = true;
    await cache.get('s1', new Date(), load);
    assert.equal(loads, 4, 'what it had before the connection went down was forgotten');
    await cache.get('s1', new Date(), load);
    assert.equal(loads, 4);
  });

  it('does not remember a lookup that a notice overlapped', async () => {
    const f = fakeListener();
    const cache = new SessionCache(f.listener);
    await cache.start();
    let loads = 0;
    await cache.get('s1', new Date(), async () => {
      loads++;
      f.notice(); // the sign-out commits while the open session is being read
      return session();
    });
    await cache.get('s1', new Date(), async () => {
      loads++;
      return null;
    });
    assert.equal(loads, 2);
  });

  it('trusts an entry for MAX_AGE_MS at most, and never past the session expiry', async () => {
    const f = fakeListener();
    const cache = new SessionCache(f.listener);
    await cache.start();
    let loads = 0;
    await cache.get('s1', new Date(), async () => {
      loads++;
      return session();
    });
    await new Promise((r) => setTimeout(r, MAX_AGE_MS + 50));
    await cache.get('s1', new Date(), async () => {
      loads++;
      return session();
    });
    assert.equal(loads, 2, 'too old: asked again');
    await cache.get('s2', new Date(), async () => {
      loads++;
      return session(100);
    });
    assert.equal(
      await cache.get('s2', new Date(Date.now() + 200), async () => {
        loads++;
        return null;
      }),
      null,
      'expired: asked again',
    );
    assert.equal(loads, 4);
  });
});
