/**
 * Fans out change notices that projectors send with NOTIFY (at commit) to this process's GraphQL
 * subscriptions. Every API process listens, so a change seen by one reaches all.
 */
import { createPubSub } from 'graphql-yoga';
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
