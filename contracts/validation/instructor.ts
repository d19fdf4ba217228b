/**
 * The instructor's forms (spec 3, section 5, Instructor forms): discussion topics, due dates and
 * provisioning. One module for the form and the server.
 */
import { isCalendarDate } from '../calendarDate';
import { emailError, normalizeEmail } from './email';
import { maximumCharacters } from './limits';

export const TOPIC_TITLE_MAX = 120;
export const TOPIC_CONTENTS_MAX = 600;
/** Topic contents of a 30-minute course. */
export const TOPIC_CONTENTS_MAX_LONG = 1000;
export const PRIVATE_NOTE_MAX = 200;
export const PROVISION_MAX = 15;
/** The sidebar search (spec 3, Instructor): shorter text (code points, trimmed) finds nothing; longer is refused at the boundary (@limit). */
export const INSTRUCTOR_SEARCH_MIN_LENGTH = 2;
export const INSTRUCTOR_SEARCH_MAX_LENGTH = 100;

export const InstructorMessages = {
  required: 'This is a required field.  Please provide a value.',
  maximum: maximumCharacters,
  dateInvalid: 'Invalid date. Please provide a different date.',
  dueInPast: 'Invalid date. Must be a future date.',
  provisionTooMany: `You can only create up to ${PROVISION_MAX} courses at a time.`,
  provisionNone: 'Please add at least one course.',
  emailRepeated: 'Each row needs a different email address.',
  inviteNotYours: 'This share invite is not yours.',
  inviteNotPending: 'This share invite is no longer pending.',
  transferSameCourse: 'Please choose another course.',
  transferTargetRequired: 'Please choose the course to transfer the student to.',
  transferTargetNotYours: 'Please choose one of your current courses.',
  transferTargetPast: 'That course has ended. Please choose a current course.',
  transferTargetEnrolled: 'The student is already enrolled in that course.',
  notEnrolled: 'This student is not enrolled in this course.',
  inConversation: 'The student is in a conversation of this course right now. Please try again once it has ended.',
  courseHasStudents: 'This course has students. Transfer or withdraw them before deleting the course.',
  studentTransferred: 'The student was transferred successfully!',
  studentWithdrawn: 'The student was withdrawn successfully!',
  courseDeleted: 'The course was deleted successfully!',
} as const;

export const topicContentsMax = (durationRequirement: number) =>
  durationRequirement === 30 ? TOPIC_CONTENTS_MAX_LONG : TOPIC_CONTENTS_MAX;

/** changeLesson: title required ≤ 120, contents required ≤ 600 (1000 for 30-minute courses), note optional ≤ 200. */
export function topicFieldErrors(
  input: { title: string; discussionTopic: string; privateNote?: string | null },
  durationRequirement: number,
) {
  const fields: Record<string, string> = {};
  const title = (input.title ?? '').trim();
  const contents = (input.discussionTopic ?? '').trim();
  const note = (input.privateNote ?? '').trim();
  if (!title) fields.title = InstructorMessages.required;
  else if (title.length > TOPIC_TITLE_MAX) fields.title = InstructorMessages.maximum(TOPIC_TITLE_MAX);
  const max = topicContentsMax(durationRequirement);
  if (!contents) fields.discussionTopic = InstructorMessages.required;
  else if (contents.length > max) fields.discussionTopic = InstructorMessages.maximum(max);
  if (note.length > PRIVATE_NOTE_MAX) fields.privateNote = InstructorMessages.maximum(PRIVATE_NOTE_MAX);
  return fields;
}

/** changeLessonAssignment: a due date is optional and never before today (in the instructor's zone). */
export function dueOnError(dueOn: string | null | undefined, today: string): string | null {
  if (!dueOn) return null;
  if (!isCalendarDate(dueOn)) return InstructorMessages.dateInvalid;
  return dueOn < today ? InstructorMessages.dueInPast : null;
}

export interface ProvisionRow {
  emailAddress: string;
  name?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

/** Per-row problems of a provisioning submission, keyed `attributes.<i>.<field>`; the count rule first. */
export function provisionErrors(rows: ProvisionRow[]): Record<string, string> {
  if (rows.length > PROVISION_MAX) return { attributes: InstructorMessages.provisionTooMany };
  if (!rows.length) return { attributes: InstructorMessages.provisionNone };
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const email = normalizeEmail(row.emailAddress ?? '');
    const problem = emailError(email);
    if (problem) fields[`attributes.${i}.emailAddress`] = problem;
    else if (seen.has(email)) fields[`attributes.${i}.emailAddress`] = InstructorMessages.emailRepeated;
    seen.add(email);
  });
  return fields;
}
