/**
 * How a speaker interview names itself wherever a conversation is shown (issue 28): it is between
 * a staff member (the host, `reservedBy`) and a speaker candidate, so never 'Student', 'Your
 * partner' or 'A free conversation'.
 */
export const INTERVIEW_LABEL = 'Speaker interview';

/** What the interview is, where a lesson shows its course and topic. */
export const INTERVIEW_ABOUT = 'A video interview of a speaker candidate with Tertulia staff (about 30 minutes): no course topic.';

export const isInterview = (c: { kind?: string | null }) => c.kind === 'interview';

/** The other person of an interview who has not given a name, as the viewer sees them. */
export const interviewPeerFallback = (viewerIsStaff: boolean) => (viewerIsStaff ? 'the candidate' : 'Tertulia staff');

/** The room's heading: who the conversation is with. */
export function roomHeading(kind: string | null | undefined, peerName: string, viewerIsStaff: boolean): string {
  if (kind !== 'interview') return `Conversation with ${peerName}`;
  return viewerIsStaff ? `Interview with ${peerName}` : `Your interview with ${peerName}`;
}
