/**
 * A conversation's chat (stream chat-<conversationId>): opened by its first message (or by a
 * participant or an admin explicitly), then messages in order. Messages are plain text, kept after
 * the conversation; the chat is closed (read-only) once the conversation stopped or was canceled.
 */
import { CHAT_MESSAGE_MAX_LENGTH, LiveMessages } from '../../../contracts/live';
import { CHAT_MINUTES_BEFORE } from '../../../contracts/scheduling';
import { LiveRefusals } from '../shared/contractRefusals';
import { DomainError, badInput, unauthorized } from '../shared/errors';
import { ErrorCode } from '../../../contracts/errors';
import type { DomainEvent } from '../shared/decider';
import type { ConversationState } from './conversation';
import { ConversationMessages } from './messages';

export const chatStream = (conversationId: string) => `chat-${conversationId}`;

export type ChatOpened = DomainEvent<'ChatOpened', { conversationId: string; chatId: string; openedBy: string; at: string }>;
export type ChatMessagePosted = DomainEvent<
  'ChatMessagePosted',
  {
    conversationId: string;
    messageId: string;
    index: number;
    ownerId: string;
    body: string;
    at: string;
  }
>;
/** A participant read the chat through its first `readCount` messages (appended only when that moves). */
export type ChatRead = DomainEvent<'ChatRead', { conversationId: string; readerId: string; readCount: number; at: string }>;
export type ChatEvent = ChatOpened | ChatMessagePosted | ChatRead;

export interface ChatMessage {
  id: string;
  index: number;
  ownerId: string;
  body: string;
  createdAt: Date;
}
export interface ChatState {
  chatId: string | null;
  messages: ChatMessage[];
  /** Per reader, how many of the first messages they have read. */
  readCounts: Record<string, number>;
}

export const initialChat = (): ChatState => ({ chatId: null, messages: [], readCounts: {} });

export function evolveChat(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'ChatOpened':
      return { ...state, chatId: event.data.chatId };
    case 'ChatMessagePosted': {
      const d = event.data;
      return {
        ...state,
        messages: [...state.messages, { id: d.messageId, index: d.index, ownerId: d.ownerId, body: d.body, createdAt: new Date(d.at) }],
      };
    }
    case 'ChatRead':
      return { ...state, readCounts: { ...state.readCounts, [event.data.readerId]: event.data.readCount } };
    default:
      return state;
  }
}

type ChatSubject = Pick<ConversationState, 'status' | 'canceled' | 'start'>;

/** Chat is open from 20 minutes before the start until the conversation stops or is canceled. */
export function chatablePolicy(c: ChatSubject, now: Date) {
  const chatableAfter = new Date(c.start.getTime() - CHAT_MINUTES_BEFORE * 60_000);
  return { isChatable: !isChatClosed(c) && now.getTime() >= chatableAfter.getTime(), chatableAfter };
}

export const isChatClosed = (c: Pick<ConversationState, 'status' | 'canceled'>) =>
  !!c.canceled || c.status === 'stopped' || c.status === 'unused';

/** Opens the chat if it is not open yet. */
export function decideOpenChat(
  chat: ChatState,
  c: ChatSubject & { conversationId: string },
  by: string,
  now: Date,
  chatId: string,
): ChatEvent[] {
  if (chat.chatId) return [];
  if (!chatablePolicy(c, now).isChatable)
    throw new DomainError(ErrorCode.CONFLICT, isChatClosed(c) ? LiveMessages.chatClosed : LiveMessages.notChatable);
  return [{ type: 'ChatOpened', data: { conversationId: c.conversationId, chatId, openedBy: by, at: now.toISOString() } }];
}

/** Posts a message, opening the chat with it when it is the first. */
export function decidePost(
  chat: ChatState,
  c: ChatSubject & { conversationId: string },
  input: { ownerId: string; body: string; messageId: string; chatId: string },
  now: Date,
): ChatEvent[] {
  const body = input.body.trim();
  if (!body) throw badInput(LiveMessages.emptyMessage, { body: LiveMessages.emptyMessage });
  if (body.length > CHAT_MESSAGE_MAX_LENGTH)
    throw badInput(ConversationMessages.messageTooLong, { body: ConversationMessages.fieldTooLong });
  if (!chatablePolicy(c, now).isChatable)
    throw new DomainError(ErrorCode.CONFLICT, isChatClosed(c) ? LiveMessages.chatClosed : LiveMessages.notChatable);
  return [
    ...decideOpenChat(chat, c, input.ownerId, now, input.chatId),
    {
      type: 'ChatMessagePosted',
      data: {
        conversationId: c.conversationId,
        messageId: input.messageId,
        index: chat.messages.length,
        ownerId: input.ownerId,
        body,
        at: now.toISOString(),
      },
    },
  ];
}

/**
 * The reader has been shown the chat through message `throughIndex`: the marker moves there (never
 * past the messages there are, never back). Nothing is appended when it does not move, so a page
 * showing the chat again writes nothing. Only the conversation's two participants have a marker.
 */
export function decideMarkRead(
  chat: ChatState,
  c: Pick<ConversationState, 'conversationId' | 'reservedBy' | 'reservedWith'>,
  input: { readerId: string; throughIndex: number },
  now: Date,
): ChatEvent[] {
  if (input.readerId !== c.reservedBy && input.readerId !== c.reservedWith) throw unauthorized(LiveRefusals.noAccess(c.conversationId));
  if (!Number.isInteger(input.throughIndex) || input.throughIndex < 0)
    throw badInput(LiveMessages.badReadIndex, { throughIndex: LiveMessages.badReadIndex });
  const readCount = Math.min(input.throughIndex + 1, chat.messages.length);
  if (readCount <= (chat.readCounts[input.readerId] ?? 0)) return [];
  return [{ type: 'ChatRead', data: { conversationId: c.conversationId, readerId: input.readerId, readCount, at: now.toISOString() } }];
}
