/**
 * Which fields of which events are personal, and whose (docs/decisions/erasure.md). The event store
 * wrapper (services/eventstore/personal) encrypts these fields under their subject's key on append
 * and decrypts them on read; erasing a person destroys the key. A new event type with personal data
 * joins by a line here, never by a change to its command or its projectors.
 */
import { emailPseudonym } from './shared/pseudonyms';

/**
 * What an erased field reads as: a name 'Erased user', an address a unique placeholder, text that is
 * never null in its event (a chat line, a note, a mail's subject) empty, a mail's values {}, the rest
 * (a comment, a bio, a surname, an IP…) null: each as its event's shape allows, so projectors need no change.
 */
export type PersonalKind = 'name' | 'surname' | 'email' | 'line' | 'text' | 'values';

export interface PersonalFields {
  /** Whose data the fields are: a person's id, or an invitee's subject; null when nobody's (never encrypted). */
  subject: (data: any, streamId: string) => string | null;
  /** Paths into `data` (`changes.givenName`) with their kind. */
  fields: Readonly<Record<string, PersonalKind>>;
}

/** The subject of an address that has no account yet (an invitation): erasing a person destroys it too. */
export const inviteeSubject = (normalizedEmail: string) => `invitee-${emailPseudonym(normalizedEmail.trim().toLowerCase())}`;

const ofAccountStream = (_data: unknown, streamId: string) => (streamId.startsWith('account-') ? streamId.slice('account-'.length) : null);
const profileFields = {
  'changes.givenName': 'name',
  'changes.surname': 'surname',
  'changes.displayName': 'name',
  'changes.gender': 'text',
  'changes.dateOfBirth': 'text',
  'changes.currentCity': 'text',
  'changes.currentState': 'text',
  'changes.currentCountry': 'text',
  'changes.previousCity': 'text',
  'changes.previousCountry': 'text',
  'changes.school': 'text',
  'changes.bioDreamCareer': 'text',
  'changes.bioGoalsAre': 'text',
  'changes.bioHobbiesAre': 'text',
} as const;

export const PERSONAL_FIELDS: Readonly<Record<string, PersonalFields>> = {
  AccountRegistered: { subject: (d) => d.accountId, fields: { emailAddress: 'email' } },
  SignedIn: { subject: ofAccountStream, fields: { ip: 'text' } },
  EmailAddressChanged: { subject: ofAccountStream, fields: { previousEmailAddress: 'email', emailAddress: 'email' } },
  EmailAddressClaimed: { subject: (d) => d.accountId, fields: { emailAddress: 'email' } },
  EmailAddressReleased: { subject: (d) => d.accountId, fields: { emailAddress: 'email' } },
  ProfileChanged: { subject: (d) => d.accountId, fields: profileFields },
  ChatMessagePosted: { subject: (d) => d.ownerId, fields: { body: 'line' } },
  SupportMessagePosted: { subject: (d) => d.authorId, fields: { body: 'line' } },
  LearningNoteAdded: { subject: (d) => d.writtenBy, fields: { text: 'line', detail: 'text', why: 'text' } },
  LearningNoteRevised: { subject: (d) => d.writtenBy, fields: { text: 'line', detail: 'text', why: 'text' } },
  ConversationRated: { subject: (d) => d.ratedBy, fields: { comment: 'text' } },
  NotificationQueued: {
    subject: (d) =>
      d.recipient?.accountId ?? (typeof d.recipient?.emailAddress === 'string' ? inviteeSubject(d.recipient.emailAddress) : null),
    fields: { 'recipient.emailAddress': 'email', subject: 'line', templateValue: 'values' },
  },
  InvitationIssued: { subject: (d) => inviteeSubject(d.emailAddress), fields: { emailAddress: 'email' } },
  SpeakerInvitationSent: { subject: (d) => inviteeSubject(d.emailAddress), fields: { emailAddress: 'email' } },
  CourseShareInvited: { subject: (d) => inviteeSubject(d.emailAddress), fields: { emailAddress: 'email' } },
  // The LMS's id of its user is an identifier of the person (issue 33); its stream is named by a hash.
  LtiAccountLinked: { subject: (d) => d.accountId, fields: { subject: 'line' } },
  // A roster's place for someone who may have no account yet: theirs by the roster's address (an invitee's), else nobody's.
  LtiRosterPlaceOffered: {
    subject: (d) => (typeof d.emailAddress === 'string' ? inviteeSubject(d.emailAddress) : null),
    fields: { emailAddress: 'email', subject: 'line' },
  },
  LtiRosterPlaceTaken: { subject: (d) => d.accountId, fields: { subject: 'line' } },
  // The school identity provider's id of its user, on the account's stream (issue 33).
  IdentityProviderLinked: { subject: ofAccountStream, fields: { subject: 'line' } },
  // An admin's reason for looking at a person's data is about the person's case: the person's (issue 34, privacy-audit.md).
  PersonalDataViewed: { subject: (d) => d.personId, fields: { reason: 'text' } },
  // A SAML session's NameID (often the address), kept for single logout (issue 33).
  SchoolSignInCompleted: { subject: (d) => d.accountId, fields: { 'saml.nameId': 'text' } },
};

/** What a field of an erased subject reads as. */
export function erasedValue(kind: PersonalKind, subject: string): unknown {
  switch (kind) {
    case 'name':
      return 'Erased user';
    case 'email':
      return `erased-${subject}@erased.invalid`;
    case 'line':
      return '';
    case 'values':
      return {};
    default:
      return null;
  }
}
