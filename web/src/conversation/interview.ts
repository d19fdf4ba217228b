/**
 * How a speaker interview names itself wherever a conversation is shown (issue 28): it is between
 * a staff member (the host, `reservedBy`) and a speaker candidate, so never 'Student', 'Your
 * partner' or 'A free conversation'. Each text is read when shown, in the page's language.
 */
import { translateOr } from '../i18n/translate';

export const interviewLabel = () => translateOr('conversation.interview.label', 'Speaker interview');

/** What the interview is, where a lesson shows its course and topic. */
export const interviewAbout = () =>
  translateOr(
    'conversation.interview.about',
    'A video interview of a speaker candidate with Tertulia staff (about 30 minutes): no course topic.',
  );

export const isInterview = (c: { kind?: string | null }) => c.kind === 'interview';

/** A test call (issue 28): staff and any person check camera, microphone and connection. */
const testCallLabel = () => translateOr('conversation.testCall.label', 'Test call');
const testCallAbout = () =>
  translateOr(
    'conversation.testCall.about',
    'A short call with Tertulia staff to check that camera, microphone and connection work (at most 10 minutes). Nothing is charged.',
  );
export const isTestCall = (c: { kind?: string | null }) => c.kind === 'test_call';

/** Staff hold the room (`reservedBy`): an interview or a test call, never a lesson. */
export const isStaffHosted = (c: { kind?: string | null }) => isInterview(c) || isTestCall(c);

/** What a staff-hosted call is, where a lesson shows its course and topic. */
export const staffHostedLabel = (c: { kind?: string | null }) => (isTestCall(c) ? testCallLabel() : interviewLabel());
export const staffHostedAbout = (c: { kind?: string | null }) => (isTestCall(c) ? testCallAbout() : interviewAbout());

const staffName = () => translateOr('conversation.staff', 'Tertulia staff');

/** The other person of an interview who has not given a name, as the viewer sees them. */
export const interviewPeerFallback = (viewerIsStaff: boolean) =>
  viewerIsStaff ? translateOr('conversation.interview.candidate', 'the candidate') : staffName();

/** The other person of a staff-hosted call who has not given a name. */
export const staffHostedPeerFallback = (kind: string | null | undefined, viewerIsStaff: boolean) =>
  kind === 'test_call'
    ? viewerIsStaff
      ? translateOr('conversation.testCall.called', 'the person called')
      : staffName()
    : interviewPeerFallback(viewerIsStaff);

/** The room's heading: who the conversation is with. */
export function roomHeading(kind: string | null | undefined, peerName: string, viewerIsStaff: boolean): string {
  const name = peerName;
  if (kind === 'test_call') return translateOr('conversation.heading.testCall', `Test call with ${name}`, { name });
  if (kind !== 'interview') return translateOr('conversation.heading.conversation', `Conversation with ${name}`, { name });
  return viewerIsStaff
    ? translateOr('conversation.heading.interview', `Interview with ${name}`, { name })
    : translateOr('conversation.heading.yourInterview', `Your interview with ${name}`, { name });
}
