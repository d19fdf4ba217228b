/**
 * The server's clock in the room (spec 2, "Live join" and "Progress bar"): `syncParticipant` right
 * after joining and again after each answer's pollingDelayMs, while the conversation is opened or
 * started; in between the bar ticks on its own with clock.ts's drift correction. Each answer's
 * status goes to `onStatus` (stopped, unused: the room closes). The call also carries what the
 * participant spoke (issue 35): about every 30 s, on every sync of the clock's last 15 s and once
 * more when it stopped. What is reported is what was spoken between the server's start and its end:
 * the room learns the start a sync later (seconds, on a busy machine more), and keeps the speech
 * since the instant the answer gives (its elapsed time back from its arrival), not since it learned it.
 */
import { useApolloClient } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SPEAKING_REPORT_EVERY_MS } from '../../../contracts/speakingTime';
import type { ConversationStatus } from '../gql/graphql';
import { applySync, conversationEdges, initialClock, isRunning, TICK_MS, tick, type ClockState } from './clock';
import { SYNC_PARTICIPANT } from './operations';
import type { SpeechLog } from './voiceActivity';

/** After a failed sync, try again this soon. */
const RETRY_MS = 5000;
/** In the clock's last seconds every sync carries the speaking time. */
const REPORT_ALWAYS_WITHIN_TICKS = 15;
/** Before the start, the speech of this last while is kept: the answer that says the conversation started may say so late. */
const KEPT_BEFORE_START_MS = 60_000;

/** The speaking time this sync carries, taken from the measurement; undefined when none is due. */
function speakingReport(activity: SpeechLog | null, clock: ClockState, sinceLastMs: number): number | undefined {
  if (!activity) return undefined;
  if (clock.status !== 'started') {
    activity.forgetBefore(Date.now() - KEPT_BEFORE_START_MS);
    return undefined;
  }
  const due = sinceLastMs >= SPEAKING_REPORT_EVERY_MS || clock.remaining <= REPORT_ALWAYS_WITHIN_TICKS;
  if (!due) return undefined;
  // A sync sent after the end the last answer foresaw carries nothing spoken after it.
  if (clock.server) activity.forgetAfter(clock.server.at + clock.server.remaining * TICK_MS);
  return activity.take();
}

export function useLiveClock(
  conversationId: string,
  active: boolean,
  onStatus: (status: ConversationStatus) => void,
  speaking: { current: SpeechLog | null },
): ClockState {
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
    let lastReportAt = Date.now();
    const send = (speakingMs?: number) =>
      client.mutate({
        mutation: SYNC_PARTICIPANT,
        variables: { input: { conversationId, speakingMs } },
        context: { quiet: true },
        fetchPolicy: 'no-cache',
      });
    const sync = async () => {
      let delay = RETRY_MS;
      try {
        // A report is taken when sent: one the server refuses (or that is lost) is not sent again.
        const speakingMs = speakingReport(speaking.current, current.current, Date.now() - lastReportAt);
        if (speakingMs !== undefined) lastReportAt = Date.now();
        const { data } = await send(speakingMs);
        const result = data?.syncParticipant;
        if (result && !stopped) {
          const now = Date.now();
          // The server's window for reports runs from the start to the end: nothing spoken outside it counts.
          const edges = conversationEdges(current.current, result, now);
          if (edges.startedAt !== undefined) speaking.current?.forgetBefore(edges.startedAt);
          update(applySync(current.current, result, now));
          statusHandler.current(result.status);
          if (edges.endedAt !== undefined && speaking.current) {
            speaking.current.forgetAfter(edges.endedAt);
            if (speaking.current.pending()) void send(speaking.current.take()).catch(() => undefined);
          }
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
  }, [client, conversationId, active, update, speaking]);

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
