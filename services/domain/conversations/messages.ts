/** The refusals of domain/conversations/ (issue 32: registered in services/i18n/knownErrors.ts, area 'conversation'). */
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../contracts/live';

export const ConversationMessages = {
  notFound: 'The conversation was not found.',
  cancelNotAllowed: 'You cannot cancel this conversation.',
  returnNotStudent: 'Only the student of this conversation can return its minutes.',
  transferNotAllowed: 'Only the speaker of this conversation or an admin can transfer it.',
  topicNotStudent: 'Only the student of this conversation can change its topic.',
  makeUpNotFound: 'The make-up purchase was not found.',
  paymentUnreachable: 'The payment provider could not be reached. Please try again in a few minutes.',
  enrollmentNotFound: 'The enrollment was not found.',
  messageTooLong: `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  fieldTooLong: `At most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
} as const;
