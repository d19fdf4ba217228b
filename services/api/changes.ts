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
  return {
    /** Notices of one key of a topic, or of every key with '*'. */
    subscribe: (topic: string, key: string) => pubSub.subscribe(topic, key),
  };
}
export type ChangeHub = Awaited<ReturnType<typeof createChangeHub>>;

/**
 * Turns a hub subscription into the items `next` finds on each notice. A Repeater, so that a
 * client going away ends the hub subscription at once, not at the next notice.
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
