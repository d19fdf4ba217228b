/**
 * Events of the speaking context (DESIGN.md section 4: invitations, interview, evaluation, speaking
 * settings). Streams:
 * - speaking-<accountId>: one speaker's speaking record, opened when their invitation is accepted.
 * - speaker-invitations-<pseudonym of the normalized address>: the invitations sent to an address; its version
 *   guards "one open invitation per address".
 * The invitation itself (its token, acceptance, rescinding) lives on identity's invitation-<hash>.
 */
import type { DomainEvent } from '../shared/decider';
import { emailPseudonym } from '../shared/pseudonyms';

export type Evaluation = 'promote' | 'decline';

export type SpeakingRecordOpened = DomainEvent<
  'SpeakingRecordOpened',
  {
    speakerId: string;
    /** The accepted invitation, or null for a record opened by the seed. */
    invitationId: string | null;
    emailAddress: string;
  }
>;
/** Staff scheduled the interview conversation (appended with its ConversationReserved). */
export type InterviewScheduled = DomainEvent<
  'InterviewScheduled',
  {
    speakerId: string;
    conversationId: string;
    reservedStart: string;
  }
>;
export type SpeakerEvaluated = DomainEvent<'SpeakerEvaluated', { speakerId: string; evaluation: Evaluation }>;
/** Languages (codes) and pay rate (cents per hour of conversation). */
export type SpeakingSettingsChanged = DomainEvent<
  'SpeakingSettingsChanged',
  {
    speakerId: string;
    languages: string[];
    payRate: number;
  }
>;

export type SpeakingEvent = SpeakingRecordOpened | InterviewScheduled | SpeakerEvaluated | SpeakingSettingsChanged;

/** On speaker-invitations-<address>: an invitation was mailed; `invitationStream` is identity's stream of it. */
export type SpeakerInvitationSent = DomainEvent<
  'SpeakerInvitationSent',
  {
    invitationId: string;
    emailAddress: string;
    invitationStream: string;
  }
>;

export const speakingStreams = {
  speaking: (accountId: string) => `speaking-${accountId}`,
  invitationsTo: (normalizedEmail: string) => `speaker-invitations-${emailPseudonym(normalizedEmail)}`,
};

/** Every event type the speakers read model follows. */
export const SPEAKING_EVENT_TYPES = ['SpeakingRecordOpened', 'InterviewScheduled', 'SpeakerEvaluated', 'SpeakingSettingsChanged'] as const;
