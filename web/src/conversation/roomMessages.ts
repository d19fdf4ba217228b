/**
 * What the conversation screens say (spec 2, sections 2 and 8), and the connection error in the
 * spec's words. Pure.
 */

import { translateOr } from '../i18n/translate';

/** Read when shown, so each is in the page's language (its English before any catalog loads: unit tests). */
export const LiveText = {
  get loading() {
    return translateOr('conversation.live.loading', 'Loading your conversation');
  },
  get joining() {
    return translateOr('conversation.live.joining', 'Attempting to join you to your conversation. Please wait.');
  },
  get notOpenYet() {
    return translateOr('conversation.live.notOpenYet', 'The conversation opens when your speaker starts it.');
  },
  get opening() {
    return translateOr('conversation.live.opening', 'The conversation will start momentarily. Please wait.');
  },
  get ended() {
    return translateOr('conversation.live.ended', 'The conversation has ended. This window can be closed.');
  },
  get leaving() {
    return translateOr('conversation.live.leaving', 'Leaving the conversation…');
  },
  get waitingForPeer() {
    return translateOr('conversation.live.waitingForPeer', 'Please wait. The conversation will begin once everyone joins');
  },
  get peerLeft() {
    return translateOr('conversation.live.peerLeft', 'The participant has left the conversation');
  },
  get noConversation() {
    return translateOr(
      'conversation.live.noConversation',
      'No conversation was chosen. Open the conversation from your lobby or your conversations.',
    );
  },
  get accessExpired() {
    return translateOr(
      'conversation.live.accessExpired',
      'Access to this conversation has expired. Please reserve time for a new conversation.',
    );
  },
};

export const noAccessMessage = (conversationId: string) =>
  translateOr('conversation.live.noAccess', `Unable to access this conversation. (Conversation ID: ${conversationId})`, {
    id: conversationId,
  });

/** The provider's code for an expired access token (Twilio 20104). */
export const ACCESS_EXPIRED_CODE = 20104;

/** A failed or dropped connection: the expired-access message for 20104, else the spec's general one. */
export function connectionErrorMessage(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  if (Number(code) === ACCESS_EXPIRED_CODE) return LiveText.accessExpired;
  const text = typeof message === 'string' && message.trim() ? message.trim() : String(error);
  const shownCode = code === undefined || code === null || code === '' ? translateOr('conversation.live.codeNone', 'none') : String(code);
  return translateOr(
    'conversation.live.connectionError',
    `Unable to connect to the conversation. Please close the tab or window and rejoin the conversation. Provider returned the error: ${text} (code: ${shownCode})`,
    { error: text, code: shownCode },
  );
}

/** A peer's mute notice over the remote video. */
export function peerMutedText(name: string, muted: { audio: boolean; video: boolean }): string | null {
  if (muted.audio && muted.video)
    return translateOr('conversation.live.peerMutedBoth', `${name} turned off their camera and microphone`, { name });
  if (muted.video) return translateOr('conversation.live.peerMutedVideo', `${name} turned off their camera`, { name });
  if (muted.audio) return translateOr('conversation.live.peerMutedAudio', `${name} muted their microphone`, { name });
  return null;
}

/** 'City, State, Country' of the parts that are known; null when none is. */
export function placeOf(p: { currentCity: string | null; currentState: string | null; currentCountry: string | null }): string | null {
  const parts = [p.currentCity, p.currentState, p.currentCountry].map((s) => s?.trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
