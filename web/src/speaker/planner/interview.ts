/** The interview dialog's rules (spec 3, "Speaker interview dialog"), pure so they are tested beside it. */
import type { MySpeakingQuery } from '../../gql/graphql';

/** The interview dialog refreshes every 10 s (spec 3, constants). */
export const INTERVIEW_POLL_MS = 10_000;

export type MySpeaking = NonNullable<NonNullable<MySpeakingQuery['me']>['speaking']>;

/** The connect button works only while the interview is opened or started (spec 3, interview dialog). */
export const canConnect = (speaking: Pick<MySpeaking, 'interview'> | null) =>
  !!speaking?.interview && ['opened', 'started'].includes(speaking.interview.status);

/** What the interview dialog shows (spec 3: intro, lobby, then the evaluation). */
export type InterviewView = 'intro' | 'lobby' | 'promote' | 'decline' | 'pending';

export function interviewView(speaking: MySpeaking, introDone: boolean): InterviewView {
  if (speaking.evaluation === 'promote') return 'promote';
  if (speaking.evaluation === 'decline') return 'decline';
  if (speaking.isUnderReview) return 'pending';
  return introDone ? 'lobby' : 'intro';
}
