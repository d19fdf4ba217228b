/**
 * Live conversation rules in one place (docs/decisions/live-conversations.md, "Live conversations"): the spec's
 * constants and the ones we decided. The server keeps the time; the browser only shows it.
 */

/** The browser syncs with the server's clock this often while in the room. */
export const SYNC_POLLING_DELAY_MS = 5000;
/** A participant whose browser has not synced for this long is recorded as disconnected. */
export const DISCONNECTED_AFTER_MS = 15_000;
/** Presence: polled every 7.5 s, present for 23 s after the last signal (spec 2, section 9). */
export const PRESENCE_POLL_MS = 7500;
export const PRESENCE_WINDOW_MS = 23_000;
/** Nobody started it (both connected) by the reserved end: the conversation stops as unused. */
export const UNUSED_AFTER_END_MINUTES = 0;
/** A test call (issue 28) lasts at most this long once both are in the room, and waits this long for them. */
export const TEST_CALL_MINUTES = 10;
/**
 * A recording's frame rate: the browser's mixer draws both cameras at it, and the archive's MP4 is
 * written at it (the recorder's WebM declares no rate of its own).
 */
export const RECORDING_FRAMES_PER_SECOND = 24;
/** A chat message is plain text of at most this many characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** Each participant may post this many chat messages per window. */
export const CHAT_MESSAGES_PER_WINDOW = 30;
export const CHAT_WINDOW_SECONDS = 60;

export const LiveMessages = {
  noAccess: (conversationId: string) => `Unable to access this conversation. (Conversation ID: ${conversationId})`,
  notOpenable: 'This conversation cannot be opened now. It opens 5 minutes before its start.',
  onlySpeakerOpens: 'Only the speaker of this conversation can open it.',
  onlyInterviewerOpens: 'Only the staff member who scheduled this interview can open it.',
  notLive: 'This conversation is not open.',
  notChatable: 'Sending a chat message is available 20 minutes prior to the reserved start time.',
  chatClosed: 'The chat of this conversation is closed.',
  emptyMessage: 'Please write a message.',
  onlyStaffOpensTestCall: 'Only the staff member who started this test call can open it.',
  testCallStaffOnly: 'Only Tertulia staff can start or end a test call.',
  testCallWithSelf: 'A test call is with someone else: choose another person.',
  testCallUserNotFound: 'The person to call was not found.',
  notATestCall: 'This conversation is not a test call.',
  badReadIndex: 'The message read must be given by its index (0 or more).',
} as const;
