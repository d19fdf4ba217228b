/**
 * The conversation opens in its own named window (spec 2, Live conversation): the student from
 * the lobby's 'Ready!', the speaker from Start or Resume (through /conversation/open while the
 * conversation is still reserved). A window that cannot be opened is only logged.
 */

export const conversationWindowName = (conversationId: string) => `tertulia-conversation-${conversationId}`;

export const conversationUrl = (conversationId: string, open = false) =>
  `/conversation${open ? '/open' : ''}?id=${encodeURIComponent(conversationId)}`;

export function openConversationWindow(conversationId: string, { open = false }: { open?: boolean } = {}): void {
  const url = conversationUrl(conversationId, open);
  try {
    const opened = window.open(url, conversationWindowName(conversationId));
    if (!opened) console.error(`The conversation window could not be opened (${url}): the browser blocked it.`);
    else opened.focus?.();
  } catch (error) {
    console.error(`The conversation window could not be opened (${url}):`, error);
  }
}
