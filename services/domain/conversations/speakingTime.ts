/**
 * Speaking time (issue 35), stream speaking-time-<conversationId>: each participant's browser
 * measures when its own participant speaks and reports the milliseconds spoken since its last
 * report; the decider checks a report against the time that has passed and the conversation's
 * length, and each accepted report is an event carrying the participant's new total (only totals,
 * never audio). A stream of its own so that reports never race the conversation's clock and
 * connections for its version (docs/decisions/speaking-time.md).
 */
import {
  SPEAKING_REPORT_GRACE_MS,
  SPEAKING_REPORT_MAX_MS,
  SPEAKING_REPORT_SLACK_MS,
  SpeakingTimeMessages,
} from '../../../contracts/speakingTime';
import type { DomainEvent } from '../shared/decider';
import { badInput, conflict, unauthorized } from '../shared/errors';

export const speakingTimeStream = (conversationId: string) => `speaking-time-${conversationId}`;

export type SpeakingTimeReported = DomainEvent<
  'SpeakingTimeReported',
  {
    conversationId: string;
    participantId: string;
    /** Spoken since the participant's previous report. */
    speakingMs: number;
    /** The participant's total in this conversation after this report. */
    totalMs: number;
    at: string;
  }
>;
export type SpeakingTimeEvent = SpeakingTimeReported;

export interface SpeakingTimeState {
  /** Per participant: their total and when their last report was taken. */
  participants: Record<string, { totalMs: number; lastAt: Date }>;
}

export const initialSpeakingTime = (): SpeakingTimeState => ({ participants: {} });

export function evolveSpeakingTime(state: SpeakingTimeState, event: SpeakingTimeEvent): SpeakingTimeState {
  if (event.type !== 'SpeakingTimeReported') return state;
  const { participantId, totalMs, at } = event.data;
  return { participants: { ...state.participants, [participantId]: { totalMs, lastAt: new Date(at) } } };
}

/** The facts of the conversation the rules need (its stream's state or its read-model row). */
export interface SpeakingSubject {
  conversationId: string;
  reservedBy: string;
  reservedWith: string;
  status: string;
  startedAt: Date | null;
  /** When the server's clock runs out: startedAt to stopsAt is the conversation's length. */
  stopsAt: Date | null;
  stoppedAt: Date | null;
}

/**
 * A participant reports `speakingMs` spoken since their last report. Taken while the conversation
 * runs and for a minute after it stopped; at most the time since their last report (the start, for
 * the first) up to now or the stop, plus a little slack; never beyond the conversation's length in
 * total. Zero appends nothing.
 */
export function decideReportSpeaking(
  state: SpeakingTimeState,
  c: SpeakingSubject,
  report: { participantId: string; speakingMs: number },
  now: Date,
): SpeakingTimeEvent[] {
  const { participantId, speakingMs } = report;
  if (participantId !== c.reservedBy && participantId !== c.reservedWith) throw unauthorized(SpeakingTimeMessages.notParticipant);
  if (!Number.isInteger(speakingMs) || speakingMs < 0 || speakingMs > SPEAKING_REPORT_MAX_MS)
    throw badInput(SpeakingTimeMessages.notWhole, { speakingMs: SpeakingTimeMessages.notWhole });
  const held =
    c.startedAt && c.stopsAt && (c.status === 'started' || (c.status === 'stopped' && c.stoppedAt !== null))
      ? { from: c.startedAt, until: c.stoppedAt ?? c.stopsAt, lengthMs: c.stopsAt.getTime() - c.startedAt.getTime() }
      : null;
  if (!held || (c.stoppedAt && now.getTime() > c.stoppedAt.getTime() + SPEAKING_REPORT_GRACE_MS))
    throw conflict(SpeakingTimeMessages.notHeld);
  if (speakingMs === 0) return [];
  const before = state.participants[participantId];
  const since = Math.max(held.from.getTime(), before?.lastAt.getTime() ?? 0);
  const until = Math.min(now.getTime(), held.until.getTime());
  if (speakingMs > Math.max(0, until - since) + SPEAKING_REPORT_SLACK_MS)
    throw badInput(SpeakingTimeMessages.tooLong, { speakingMs: SpeakingTimeMessages.tooLong });
  const totalMs = (before?.totalMs ?? 0) + speakingMs;
  if (totalMs > held.lengthMs)
    throw badInput(SpeakingTimeMessages.beyondConversation, { speakingMs: SpeakingTimeMessages.beyondConversation });
  return [
    {
      type: 'SpeakingTimeReported',
      data: { conversationId: c.conversationId, participantId, speakingMs, totalMs, at: now.toISOString() },
    },
  ];
}
