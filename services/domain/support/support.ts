/**
 * Live support behind Help (spec 1, Shell; issue 9): one thread per signed-in visitor (stream
 * support-<visitorId>), the visitor's messages and the staff's answers in order. Plain text, the
 * conversation chat's length limit; a message is never rendered as HTML anywhere.
 */
import { CHAT_MESSAGE_MAX_LENGTH, LiveMessages } from '../../../contracts/live';
import type { DomainEvent } from '../shared/decider';
import { badInput } from '../shared/errors';

export const supportStream = (visitorId: string) => `support-${visitorId}`;

export type SupportMessagePosted = DomainEvent<
  'SupportMessagePosted',
  {
    visitorId: string;
    messageId: string;
    index: number;
    authorId: string;
    /** An answer from the staff (an admin), rather than the visitor's own message. */
    fromStaff: boolean;
    body: string;
    at: string;
  }
>;
export type SupportEvent = SupportMessagePosted;
export const SUPPORT_EVENT_TYPES = ['SupportMessagePosted'] as const;

export interface SupportMessage {
  id: string;
  index: number;
  authorId: string;
  fromStaff: boolean;
  body: string;
  createdAt: Date;
}
export interface SupportThread {
  messages: SupportMessage[];
}

export const initialSupportThread = (): SupportThread => ({ messages: [] });

export function evolveSupportThread(state: SupportThread, event: SupportEvent): SupportThread {
  if (event.type !== 'SupportMessagePosted') return state;
  const d = event.data;
  return {
    messages: [
      ...state.messages,
      { id: d.messageId, index: d.index, authorId: d.authorId, fromStaff: d.fromStaff, body: d.body, createdAt: new Date(d.at) },
    ],
  };
}

export const SupportMessages = {
  emptyAnswer: 'Write an answer first.',
  noThread: 'This visitor has not written to support.',
  messageTooLong: `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  fieldTooLong: `At most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
};

/** A message on the visitor's thread: theirs, or an answer from the staff (only to a thread that exists). */
export function decidePostSupport(
  thread: SupportThread,
  input: { visitorId: string; authorId: string; fromStaff: boolean; body: string; messageId: string },
  now: Date,
): SupportEvent[] {
  const body = input.body.trim();
  if (!body) throw badInput(input.fromStaff ? SupportMessages.emptyAnswer : LiveMessages.emptyMessage, { body: LiveMessages.emptyMessage });
  if (body.length > CHAT_MESSAGE_MAX_LENGTH) throw badInput(SupportMessages.messageTooLong, { body: SupportMessages.fieldTooLong });
  if (input.fromStaff && !thread.messages.length) throw badInput(SupportMessages.noThread);
  return [
    {
      type: 'SupportMessagePosted',
      data: {
        visitorId: input.visitorId,
        messageId: input.messageId,
        index: thread.messages.length,
        authorId: input.authorId,
        fromStaff: input.fromStaff,
        body,
        at: now.toISOString(),
      },
    },
  ];
}
