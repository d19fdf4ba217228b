/**
 * Speaking time (issue 35): how long each participant spoke in a conversation, measured by their own
 * browser and reported through the clock call. Limits and messages in one place for the decider, the
 * schema and the room; docs/decisions/speaking-time.md says why each number is what it is.
 */

/** A report may claim the time since the participant's last report (or the start) plus this much: network and clock jitter. */
export const SPEAKING_REPORT_SLACK_MS = 2000;
/** Reports are still taken this long after the conversation stopped: the last sync of each room carries its last interval. */
export const SPEAKING_REPORT_GRACE_MS = 60_000;
/** The room sends what it measured about this often (and on every sync near the end), not on every 5-second sync. */
export const SPEAKING_REPORT_EVERY_MS = 30_000;
/** The schema's bound on one report: an hour, longer than any conversation. */
export const SPEAKING_REPORT_MAX_MS = 3_600_000;

export const SpeakingTimeMessages = {
  notParticipant: 'Only a participant of this conversation can report their own speaking time.',
  notHeld: 'Speaking time is reported only while the conversation is being held.',
  tooLong: 'The speaking time reported is longer than the time since the last report.',
  beyondConversation: 'The speaking time reported would be longer than the conversation.',
  notWhole: 'The speaking time must be a whole number of milliseconds, zero or more.',
} as const;
