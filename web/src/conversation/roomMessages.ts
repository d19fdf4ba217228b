/**
 * What the conversation screens say (spec 2, sections 2 and 8), and the connection error in the
 * spec's words. Pure.
 */

export const LiveText = {
  loading: 'Loading your conversation',
  joining: 'Attempting to join you to your conversation. Please wait.',
  notOpenYet: 'The conversation opens when your speaker starts it.',
  opening: 'The conversation will start momentarily. Please wait.',
  ended: 'The conversation has ended. This window can be closed.',
  leaving: 'Leaving the conversation…',
  waitingForPeer: 'Please wait. The conversation will begin once everyone joins',
  peerLeft: 'The participant has left the conversation',
  noConversation: 'No conversation was chosen. Open the conversation from your lobby or your conversations.',
  accessExpired: 'Access to this conversation has expired. Please reserve time for a new conversation.',
} as const;

export const noAccessMessage = (conversationId: string) => `Unable to access this conversation. (Conversation ID: ${conversationId})`;

/** The provider's code for an expired access token (Twilio 20104). */
export const ACCESS_EXPIRED_CODE = 20104;

/** A failed or dropped connection: the expired-access message for 20104, else the spec's general one. */
export function connectionErrorMessage(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  if (Number(code) === ACCESS_EXPIRED_CODE) return LiveText.accessExpired;
  const text = typeof message === 'string' && message.trim() ? message.trim() : String(error);
  const shownCode = code === undefined || code === null || code === '' ? 'none' : String(code);
  return `Unable to connect to the conversation. Please close the tab or window and rejoin the conversation. Provider returned the error: ${text} (code: ${shownCode})`;
}

/** A peer's mute notice over the remote video. */
export function peerMutedText(name: string, muted: { audio: boolean; video: boolean }): string | null {
  if (muted.audio && muted.video) return `${name} turned off their camera and microphone`;
  if (muted.video) return `${name} turned off their camera`;
  if (muted.audio) return `${name} muted their microphone`;
  return null;
}

/** 'City, State, Country' of the parts that are known; null when none is. */
export function placeOf(p: { currentCity: string | null; currentState: string | null; currentCountry: string | null }): string | null {
  const parts = [p.currentCity, p.currentState, p.currentCountry].map((s) => s?.trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
