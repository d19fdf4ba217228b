/**
 * Presence in the lobby (spec 2, section 4 "Presence"): `broadcastPresence` every 7500 ms records
 * ours and tells whether the other participant is present (signalled within 23 s); the
 * `lobbyPresence` subscription tells at once when they arrive or leave. `onChange` hears each
 * change of the other one's presence (the lobby refetches then). Null until the first answer (not
 * known yet), false when presence cannot be asked.
 */
import { useApolloClient, useSubscription } from '@apollo/client';
import { useEffect, useRef, useState } from 'react';
import { PRESENCE_POLL_MS } from '../../../contracts/live';
import { BROADCAST_PRESENCE, LOBBY_PRESENCE } from './operations';
import { newerPresence, type PresenceWord } from './presenceWord';

export function usePresence(conversationId: string, enabled = true, onChange?: (present: boolean) => void): boolean | null {
  const client = useApolloClient();
  const skip = !conversationId || !enabled;
  const [latest, setLatest] = useState<PresenceWord | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (skip) return;
    let stopped = false;
    const poll = async () => {
      const asked = Date.now();
      try {
        const { data } = await client.query({
          query: BROADCAST_PRESENCE,
          variables: { conversationId },
          fetchPolicy: 'no-cache',
          context: { quiet: true },
        });
        if (!stopped && data) setLatest((l) => newerPresence(l, { present: data.broadcastPresence.present, at: asked }));
        if (!stopped) setFailed(false);
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    void poll();
    const timer = setInterval(poll, PRESENCE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client, conversationId, skip]);

  useSubscription(LOBBY_PRESENCE, {
    variables: { conversationId },
    skip,
    context: { quiet: true },
    fetchPolicy: 'no-cache',
    onData: ({ data: d }) => {
      const change = d.data?.lobbyPresence;
      if (change) setLatest((l) => newerPresence(l, { present: change.present, at: Date.now() }));
    },
  });

  // The latest word wins, whichever way it came.
  const present = latest ? latest.present : failed ? false : null;
  const last = useRef<boolean | null>(null);
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    if (present === null) return;
    if (last.current !== null && last.current !== present) handler.current?.(present);
    last.current = present;
  }, [present]);
  return present;
}
