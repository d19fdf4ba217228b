/**
 * The chat panel's state (spec 2, section 4 "Chat state"), pure so it is tested beside itself:
 * - waiting: not chatable yet (more than 20 minutes before the start);
 * - waiting_open: chatable, no chat yet: the first message opens it;
 * - chatting: a chat exists and is not closed;
 * - closed: the chat is closed (the conversation stopped or was canceled): its stored messages
 *   are shown read-only.
 */
import { translateOr } from '../i18n/translate';

export type ChatPanelState = 'waiting' | 'waiting_open' | 'chatting' | 'closed';

export interface ChatSubject {
  status: 'reserved' | 'opened' | 'started' | 'stopped' | 'unused';
  isCanceled: boolean;
  chatablePolicy: { isChatable: boolean };
  conversationChat: { state: string } | null;
}

export function chatStateOf(c: ChatSubject): ChatPanelState {
  const over = c.isCanceled || c.status === 'stopped' || c.status === 'unused';
  if (over || c.conversationChat?.state === 'closed') return 'closed';
  if (c.conversationChat) return 'chatting';
  return c.chatablePolicy.isChatable ? 'waiting_open' : 'waiting';
}

/** Whether a message can be sent in this state. */
export const canSend = (state: ChatPanelState) => state === 'waiting_open' || state === 'chatting';

export interface ChatLine {
  id: string;
  index: number;
  body: string;
  createdAt: string;
  ownerId: string;
  owner: { displayName: string | null } | null;
}

/** The stored messages and those that arrived since, once each, in the chat's order. */
export function mergeMessages(stored: readonly ChatLine[], arrived: readonly ChatLine[]): ChatLine[] {
  const byId = new Map<string, ChatLine>();
  for (const m of [...stored, ...arrived]) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.index - b.index);
}

/** Who wrote a line, as the viewer reads it. */
export function authorOf(m: ChatLine, viewerId: string | null | undefined): string {
  if (viewerId && m.ownerId === viewerId) return translateOr('conversation.chat.you', 'You');
  return m.owner?.displayName?.trim() || translateOr('conversation.chat.participant', 'Participant');
}

/** A message as it is sent: trimmed; null when there is nothing to send or it is too long. */
export function outgoing(body: string, max = 1000): string | null {
  const text = body.trim();
  return text && text.length <= max ? text : null;
}
