/**
 * The conversation and its archive each open in their own named window (spec 2, Live
 * conversation): the student from the lobby's 'Ready!', the speaker from Start or Resume (through
 * /conversation/open while the conversation is still reserved), anyone allowed from 'Play
 * archive'. A window that cannot be opened is only logged.
 */
import { archivePath } from './archive/operations';

export const conversationWindowName = (conversationId: string) => `tertulia-conversation-${conversationId}`;
export const archiveWindowName = (conversationId: string) => `tertulia-archive-${conversationId}`;

export const conversationUrl = (conversationId: string, open = false) =>
  `/conversation${open ? '/open' : ''}?id=${encodeURIComponent(conversationId)}`;

function openNamedWindow(url: string, name: string, what: string): void {
  try {
    const opened = window.open(url, name);
    if (!opened) console.error(`The ${what} window could not be opened (${url}): the browser blocked it.`);
    else opened.focus?.();
  } catch (error) {
    console.error(`The ${what} window could not be opened (${url}):`, error);
  }
}

export function openConversationWindow(conversationId: string, { open = false }: { open?: boolean } = {}): void {
  openNamedWindow(conversationUrl(conversationId, open), conversationWindowName(conversationId), 'conversation');
}

export function openArchiveWindow(conversationId: string): void {
  openNamedWindow(archivePath(conversationId), archiveWindowName(conversationId), 'archive');
}
