/**
 * Fans out change notices that projectors send with NOTIFY (at commit) to this process's GraphQL
 * subscriptions. Every API process listens, so a change seen by one reaches all.
 */
import { Repeater, createPubSub } from 'graphql-yoga';
import type { PgListener } from '../db/listener';

export const CHANGES_CHANNEL = 'tertulia_changes';

export async function createChangeHub(listener: PgListener) {
  const pubSub = createPubSub<Record<string, [key: string, payload: { key: string }]>>();
  await listener.on(CHANGES_CHANNEL, (payload) => {
    try {
      const { topic, key } = JSON.parse(payload) as { topic: string; key: string };
      pubSub.publish(topic, key, { key });
      // Listeners of a whole topic (admins' speakerAccepted) subscribe with the key '*'.
      pubSub.publish(topic, '*', { key });
    } catch {
      /* a wake-up without payload (reconnect): nothing to route */
    }
  });
  /** Open subscriptions by topic: the tertulia_change_subscriptions gauge. */
  const open = new Map<string, number>();
  const count = (topic: string, by: number) => {
    const n = (open.get(topic) ?? 0) + by;
    if (n > 0) open.set(topic, n);
    else open.delete(topic);
  };
  /** Notices of `key` of `topic`, led by `first` when given, as soon as this process listens. */
  const listen = (topic: string, key: string, first?: Notice): AsyncIterable<Notice> =>
    new Repeater<Notice>(async (push, stop) => {
      const it = pubSub.subscribe(topic, key)[Symbol.asyncIterator]();
      let next = it.next(); // the first call starts listening
      count(topic, 1);
      try {
        const stopped = stop.then(() => ({ done: true as const, value: undefined }));
        if (first) await push(first);
        for (;;) {
          const notice = await Promise.race([next, stopped]);
          if (notice.done) break;
          await push(notice.value);
          next = it.next();
        }
      } finally {
        count(topic, -1);
        await it.return?.();
      }
    });
  return {
    /** Notices of one key of a topic, or of every key with '*'. */
    subscribe: (topic: string, key: string): AsyncIterable<Notice> => listen(topic, key),
    /**
     * The same, led by one notice `{ key, listening: true }` as soon as this process listens. A
     * page reads its data and subscribes at the same moment; a change between the read and the
     * moment the server listens (after the subscription's checks, or while a socket reconnects)
     * would be lost. A page that reads again on every notice, the first one too, misses nothing.
     */
    subscribeFromNow: (topic: string, key: string): AsyncIterable<Notice> => listen(topic, key, { key, listening: true }),
    /** How many subscriptions of this process listen now, by topic (a test waits on it: no acknowledgement says so). */
    openSubscriptions: (): ReadonlyMap<string, number> => open,
  };
}
export interface Notice {
  key: string;
  /** The first notice of a subscribeFromNow: listening from here on, nothing need have changed. */
  listening?: true;
}
export type ChangeHub = Awaited<ReturnType<typeof createChangeHub>>;

/**
 * Turns a hub subscription into the items `next` finds on each notice. A Repeater, so that a
 * client going away ends the hub subscription at once, not at the next notice. Given a
 * subscribeFromNow, `next` runs once as soon as the server listens, so whatever came between the
 * caller's cursor and that moment is found then, not at some later notice.
 */
export function onNotices<T>(notices: AsyncIterable<unknown>, next: () => Promise<T[]>): AsyncIterable<T> {
  return new Repeater<T>(async (push, stop) => {
    const it = notices[Symbol.asyncIterator]();
    const stopped = stop.then(() => ({ done: true as const, value: undefined }));
    for (;;) {
      const notice = await Promise.race([it.next(), stopped]);
      if (notice.done) break;
      for (const item of await next()) await push(item);
    }
    await it.return?.();
  });
}
