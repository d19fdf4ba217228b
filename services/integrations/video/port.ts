/**
 * The video port: one interface over the embedded WebRTC provider (local), Zoom Video SDK and
 * Twilio Video. The server never carries media; it names a conversation's room, hands each
 * participant a short-lived access token for it, and may end the room. A conversation keeps the
 * provider it was reserved with (stored on its stream), whatever VIDEO_PROVIDER says later.
 */
export type VideoProviderName = 'local' | 'zoom' | 'twilio';

export const VIDEO_PROVIDER_NAMES: readonly VideoProviderName[] = ['local', 'zoom', 'twilio'];

export interface VideoRoomParticipant {
  accountId: string;
  displayName: string;
  /** The speaker hosts; the student is a guest. */
  role: 'host' | 'guest';
}

export interface VideoAccess {
  provider: VideoProviderName;
  roomName: string;
  identity: string;
  accessToken: string;
  /** When the token really expires (a vendor's limits may move it from the one asked for). */
  expiresAt: Date;
}

export interface VideoProvider {
  readonly name: VideoProviderName;
  /** The room name of a conversation (stable: same conversation, same room). */
  roomName(conversationId: string): string;
  /** An access token for one participant, valid until `expiresAt`. */
  issueAccess(input: { conversationId: string; participant: VideoRoomParticipant; expiresAt: Date }): Promise<VideoAccess>;
  /** Ends the room for everyone (best effort: the room may not exist at the vendor). */
  endRoom(conversationId: string): Promise<void>;
  /**
   * Starts the vendor's cloud recording of the live room (a conversation with archiveOnStart, once
   * both are in). The local provider records in the speaker's browser instead: nothing to do.
   */
  startRecording(conversationId: string): Promise<void>;
  /**
   * Once the room ended: has the vendor make the finished recording and announce it to our
   * recording webhook (Twilio composes the room's tracks; Zoom announces on its own).
   */
  finishRecording(conversationId: string): Promise<void>;
}

/** Twilio's composition status callback for a conversation (the webhook route checks its signature). */
export const twilioRecordingCallbackUrl = (publicUrl: string, conversationId: string) =>
  `${publicUrl}/api/webhooks/twilio/recordings?conversationId=${encodeURIComponent(conversationId)}`;

/**
 * `tertulia-<conversation id>`: lowercase (Zoom lowercases session names), well under Zoom's 200 and
 * Twilio's 128 characters, and free of characters that would need escaping in a Twilio REST path.
 */
export const conversationRoomName = (conversationId: string) => `tertulia-${conversationId.toLowerCase()}`;

/** Whole seconds since the epoch. */
export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
