/**
 * The speaking-record decider: opening a record when an invitation is accepted, the interview,
 * the evaluation (promote or decline, in either order with the interview) and the speaking
 * settings. Pure: state and a context in, events out or a DomainError.
 */
import { ErrorCode } from '../../../contracts/errors';
import { SpeakerMessages, payRateError, speakerLanguagesError } from '../../../contracts/speaking';
import type { DecisionContext } from '../shared/decider';
import { DomainError, SharedMessages, badInput } from '../shared/errors';
import type { Evaluation, SpeakingEvent } from './events';
import { SpeakingMessages } from './messages';

export interface SpeakingState {
  exists: boolean;
  speakerId: string | null;
  interviewId: string | null;
  evaluation: Evaluation | null;
  languages: string[];
  /** Cents per hour of conversation. */
  payRate: number;
}

export const initialSpeaking = (): SpeakingState => ({
  exists: false,
  speakerId: null,
  interviewId: null,
  evaluation: null,
  languages: [],
  payRate: 0,
});

export function evolveSpeaking(state: SpeakingState, event: SpeakingEvent): SpeakingState {
  switch (event.type) {
    case 'SpeakingRecordOpened':
      return { ...state, exists: true, speakerId: event.data.speakerId };
    case 'InterviewScheduled':
      return { ...state, interviewId: event.data.conversationId };
    case 'SpeakerEvaluated':
      return { ...state, evaluation: event.data.evaluation };
    case 'SpeakingSettingsChanged':
      return { ...state, languages: event.data.languages, payRate: event.data.payRate };
    default:
      return state;
  }
}

const requireRecord = (state: SpeakingState) => {
  if (!state.exists) throw new DomainError(ErrorCode.NOT_FOUND, SpeakerMessages.noSpeakingRecord);
};

/** Opens the record once; a second acceptance (never expected) changes nothing. */
export function decideOpen(
  state: SpeakingState,
  cmd: { speakerId: string; invitationId: string | null; emailAddress: string },
): SpeakingEvent[] {
  if (state.exists) return [];
  return [
    { type: 'SpeakingRecordOpened', data: { speakerId: cmd.speakerId, invitationId: cmd.invitationId, emailAddress: cmd.emailAddress } },
  ];
}

/**
 * Schedules the interview. A speaker has one interview at a time: asking again answers the existing
 * one (the handler returns it), so a double click makes one conversation; once that interview is
 * over (held, missed or canceled) and staff has not decided, asking again schedules a new one. An
 * evaluated speaker is not interviewed: a promoted one is onboarding and never sees the interview.
 */
export function decideInterview(
  state: SpeakingState,
  cmd: { conversationId: string; previousIsOver: boolean },
  ctx: DecisionContext,
): SpeakingEvent[] {
  requireRecord(state);
  if (state.evaluation === 'decline') throw new DomainError(ErrorCode.CONFLICT, SpeakerMessages.declined);
  if (state.evaluation === 'promote') throw new DomainError(ErrorCode.CONFLICT, SpeakerMessages.alreadyPromoted);
  if (state.interviewId && !cmd.previousIsOver) return [];
  return [
    {
      type: 'InterviewScheduled',
      data: { speakerId: state.speakerId!, conversationId: cmd.conversationId, reservedStart: ctx.now.toISOString() },
    },
  ];
}

/** An evaluation is final: the same one again changes nothing; the other one is refused. */
export function decideEvaluate(state: SpeakingState, cmd: { evaluation: Evaluation }): SpeakingEvent[] {
  requireRecord(state);
  if (cmd.evaluation !== 'promote' && cmd.evaluation !== 'decline') throw badInput(SpeakingMessages.evaluation);
  if (state.evaluation === cmd.evaluation) return [];
  if (state.evaluation === 'promote') throw new DomainError(ErrorCode.CONFLICT, SpeakerMessages.alreadyPromoted);
  if (state.evaluation === 'decline') throw new DomainError(ErrorCode.CONFLICT, SpeakerMessages.alreadyDeclined);
  return [{ type: 'SpeakerEvaluated', data: { speakerId: state.speakerId!, evaluation: cmd.evaluation } }];
}

/** Languages (known codes, repeats dropped, in the order given) and pay rate in cents (≥ 0). */
export function decideChangeSettings(state: SpeakingState, cmd: { languages: string[]; payRate: number }): SpeakingEvent[] {
  requireRecord(state);
  const fields: Record<string, string> = {};
  const languages = [...new Set(cmd.languages.map((l) => l.trim()))];
  const languageProblem = speakerLanguagesError(languages);
  if (languageProblem) fields.languages = languageProblem;
  const payProblem = payRateError(cmd.payRate);
  if (payProblem) fields.payRate = payProblem;
  const problems = Object.values(fields);
  if (problems.length) throw badInput(problems.length === 1 ? problems[0] : SharedMessages.correctFields, fields);
  if (cmd.payRate === state.payRate && languages.join(',') === state.languages.join(',')) return [];
  return [{ type: 'SpeakingSettingsChanged', data: { speakerId: state.speakerId!, languages, payRate: cmd.payRate } }];
}
