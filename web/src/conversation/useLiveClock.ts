/**
 * The server's clock in the room (spec 2, "Live join" and "Progress bar"): `syncParticipant` right
 * after joining and again after each answer's pollingDelayMs, while the conversation is opened or
 * started; in between the bar ticks on its own with clock.ts's drift correction. Each answer's
 * status goes to `onStatus` (stopped, unused: the room closes).
 */
import { useApolloClient } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversationStatus } from '../gql/graphql';
import { applySync, initialClock, isRunning, tick, type ClockState } from './clock';
import { SYNC_PARTICIPANT } from './operations';

/** After a failed sync, try again this soon. */
const RETRY_MS = 5000;

export function useLiveClock(conversationId: string, active: boolean, onStatus: (status: ConversationStatus) => void): ClockState {
  const client = useApolloClient();
  const current = useRef<ClockState>(initialClock());
  const [clock, setClock] = useState<ClockState>(current.current);
  const statusHandler = useRef(onStatus);
  statusHandler.current = onStatus;
  const update = useCallback((next: ClockState) => {
    current.current = next;
    setClock(next);
  }, []);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sync = async () => {
      let delay = RETRY_MS;
      try {
        const { data } = await client.mutate({
          mutation: SYNC_PARTICIPANT,
          variables: { input: { conversationId } },
          context: { quiet: true },
          fetchPolicy: 'no-cache',
        });
        const result = data?.syncParticipant;
        if (result && !stopped) {
          update(applySync(current.current, result, Date.now()));
          statusHandler.current(result.status);
          if (result.status !== 'opened' && result.status !== 'started') return;
          delay = result.pollingDelayMs;
        }
      } catch (error) {
        console.warn('The clock could not be synced:', error);
      }
      if (!stopped) timer = setTimeout(sync, delay);
    };
    void sync();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, conversationId, active, update]);

  const running = active && isRunning(clock);
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout>;
    const step = (delay: number) => {
      timer = setTimeout(() => {
        const next = tick(current.current, Date.now());
        update(next.clock);
        if (isRunning(next.clock)) step(next.nextInMs);
      }, delay);
    };
    step(1000);
    return () => clearTimeout(timer);
  }, [running, update]);

  return clock;
}
