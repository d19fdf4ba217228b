/**
 * Scheduling rules in one place (docs/decisions/scheduling-and-conversations.md, "Scheduling"): the spec's constants and the
 * ones we decided. The server computes every policy from these; the web only shows the results.
 */

/** Availability and openings move in 15-minute steps. */
export const SLOT_MINUTES = 15;
/** Conversations last 15 or 30 minutes. */
export const DURATIONS = [15, 30] as const;
/** Openings are offered from this many minutes ahead… */
export const MIN_NOTICE_MINUTES = 60;
/** …up to this many days ahead (the spec's 7-day search). */
export const HORIZON_DAYS = 7;
/** A speaker's conversations are at least this far apart (paid as idle time in payroll). */
export const BUFFER_MINUTES = 15;
/** A student cancels with a full return of minutes up to this many hours before the start. */
export const STUDENT_CANCEL_CUTOFF_HOURS = 12;
/** The last moment a student can cancel a conversation starting at `start` (after it, never). */
export const studentCancelDeadline = (start: Date) => new Date(start.getTime() - STUDENT_CANCEL_CUTOFF_HOURS * 3_600_000);
/** A conversation can be opened (started) from this many minutes before its start. */
export const OPENABLE_MINUTES_BEFORE = 5;
/** Chat is available from this many minutes before the start. */
export const CHAT_MINUTES_BEFORE = 20;
/** A conversation the speaker has not opened this many minutes after its start is tardy. */
export const TARDY_AFTER_MINUTES = 5;
/** The lobby advises contacting support this many minutes after the start. */
export const SUPPORT_ADVICE_AFTER_MINUTES = 2;

export const SchedulingMessages = {
  invalidTimezone: 'Bummer, we found a problem with your timezone.',
  slotTaken: 'This time was just taken by someone else. Please choose another time.',
  outsideAvailability: 'The speaker is not available at this time. Please choose another time.',
  studentOverlap: 'You already have a conversation at this time. Please choose another time.',
  inThePast: 'This time has already passed. Please choose a later time.',
  tooSoon: `Conversations must be reserved at least ${MIN_NOTICE_MINUTES} minutes ahead. Please choose a later time.`,
  tooFarAhead: `Conversations can be reserved up to ${HORIZON_DAYS} days ahead. Please choose an earlier time.`,
  notOnSlot: `Conversations start on the quarter hour (every ${SLOT_MINUTES} minutes).`,
  durationInvalid: 'The duration must be 15 or 30 minutes.',
  lessonNotYours: 'This lesson is not part of a course you are enrolled in.',
  lessonTaken: 'This lesson already has a conversation. Please choose another lesson.',
  languageMismatch: 'The speaker does not speak the language of this conversation.',
  notASpeaker: 'This person is not a speaker who can hold conversations.',
  notCancelable: 'This conversation can no longer be canceled.',
  notTardy: 'The speaker is not late for this conversation yet.',
  notTransferable: 'This conversation can no longer be transferred.',
  transfereeUnavailable: 'The chosen speaker is not free at this time or does not speak the language.',
  topicLocked: 'The discussion topic can only be changed before the conversation starts.',
  availabilityOverlap: 'Availability may not overlap other availability.',
  availabilitySameDay: 'Availability must start and end on the same day.',
  availabilityHasReservations: 'This time has reservations. Cancel or transfer them first.',
  availabilityOrder: 'The end must be after the start.',
  availabilityNotOnSlot: `Availability starts and ends on the quarter hour (every ${SLOT_MINUTES} minutes).`,
} as const;
