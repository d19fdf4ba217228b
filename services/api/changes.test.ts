import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { PgListener } from '../db/listener';
import { CHANGES_CHANNEL, createChangeHub, onNotices } from './changes';

/** A stand-in for the database's LISTEN: the test sends what NOTIFY would. */
function fakeListener() {
  const handlers = new Map<string, (payload: string) => void>();
  const listener = {
    on: async (channel: string, handler: (payload: string) => void) => {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
  };
  const notify = (topic: string, key: string) => handlers.get(CHANGES_CHANNEL)!(JSON.stringify({ topic, key }));
  return { listener: listener as unknown as PgListener, notify };
}

describe('change hub', () => {
  it('subscribeFromNow says when it listens, and a change right after that arrives', async () => {
    const { listener, notify } = fakeListener();
    const hub = await createChangeHub(listener);
    const it = hub.subscribeFromNow('conversationChanged', 'c1')[Symbol.asyncIterator]();
    assert.deepEqual((await it.next()).value, { key: 'c1', listening: true });
    // The page reads on the first notice; a change at once after it is not lost.
    notify('conversationChanged', 'c1');
    notify('conversationChanged', 'other');
    notify('conversationChanged', 'c1');
    assert.deepEqual((await it.next()).value, { key: 'c1' });
    assert.deepEqual((await it.next()).value, { key: 'c1' });
    await it.return?.();
  });

  it('subscribe (without the first notice) only forwards changes', async () => {
    const { listener, notify } = fakeListener();
    const hub = await createChangeHub(listener);
    const it = hub.subscribe('conversationChanged', 'c1')[Symbol.asyncIterator]();
    const first = it.next();
    notify('conversationChanged', 'c1');
    assert.deepEqual((await first).value, { key: 'c1' });
    await it.return?.();
  });

  it('ends a subscribeFromNow at once when the client goes away', async () => {
    const { listener } = fakeListener();
    const hub = await createChangeHub(listener);
    const it = hub.subscribeFromNow('conversationChanged', 'c1')[Symbol.asyncIterator]();
    await it.next();
    const pending = it.next();
    await it.return?.();
    assert.equal((await pending).done, true);
  });

  it('onNotices over subscribeFromNow finds at once what came between its cursor and listening', async () => {
    const { listener, notify } = fakeListener();
    const hub = await createChangeHub(listener);
    const chat = ['hola'];
    let seen = chat.length; // the subscription's cursor
    chat.push('¿me oyes?'); // posted before the hub listens: its notice is gone
    const fresh = async () => {
      const items = chat.slice(seen);
      seen += items.length;
      return items;
    };
    const it = onNotices(hub.subscribeFromNow('chatMessage', 'c1'), fresh)[Symbol.asyncIterator]();
    assert.equal((await it.next()).value, '¿me oyes?');
    chat.push('sí');
    notify('chatMessage', 'c1');
    assert.equal((await it.next()).value, 'sí');
    await it.return?.();
  });
});
