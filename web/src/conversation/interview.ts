/**
 * How a speaker interview names itself wherever a conversation is shown (issue 28): it is between
 * a staff member (the host, `reservedBy`) and a speaker candidate, so never 'Student', 'Your
 * partner' or 'A free conversation'.
 */
export const INTERVIEW_LABEL = 'Speaker interview';

/** What the interview is, where a lesson shows its course and topic. */
export const INTERVIEW_ABOUT = 'A video interview of a speaker candidate with Tertulia staff (about 30 minutes): no course topic.';

export const isInterview = (c: { kind?: string | null }) => c.kind === 'interview';

/** A test call (issue 28): staff and any person check camera, microphone and connection. */
export const TEST_CALL_LABEL = 'Test call';
export const TEST_CALL_ABOUT =
  'A short call with Tertulia staff to check that camera, microphone and connection work (at most 10 minutes). Nothing is charged.';
export const isTestCall = (c: { kind?: string | null }) => c.kind === 'test_call';

/** Staff hold the room (`reservedBy`): an interview or a test call, never a lesson. */
export const isStaffHosted = (c: { kind?: string | null }) => isInterview(c) || isTestCall(c);

/** What a staff-hosted call is, where a lesson shows its course and topic. */
export const staffHostedLabel = (c: { kind?: string | null }) => (isTestCall(c) ? TEST_CALL_LABEL : INTERVIEW_LABEL);
export const staffHostedAbout = (c: { kind?: string | null }) => (isTestCall(c) ? TEST_CALL_ABOUT : INTERVIEW_ABOUT);

/** The other person of an interview who has not given a name, as the viewer sees them. */
export const interviewPeerFallback = (viewerIsStaff: boolean) => (viewerIsStaff ? 'the candidate' : 'Tertulia staff');

/** The other person of a staff-hosted call who has not given a name. */
export const staffHostedPeerFallback = (kind: string | null | undefined, viewerIsStaff: boolean) =>
  kind === 'test_call' ? (viewerIsStaff ? 'the person called' : 'Tertulia staff') : interviewPeerFallback(viewerIsStaff);

/** The room's heading: who the conversation is with. */
export function roomHeading(kind: string | null | undefined, peerName: string, viewerIsStaff: boolean): string {
  if (kind === 'test_call') return `Test call with ${peerName}`;
  if (kind !== 'interview') return `Conversation with ${peerName}`;
  return viewerIsStaff ? `Interview with ${peerName}` : `Your interview with ${peerName}`;
}
