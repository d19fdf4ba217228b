/**
 * What the resolvers of a GraphQL object really receive as their parent, where that is not one
 * read-model row or domain type as it stands (those are named in scripts/codegen.ts directly).
 * scripts/codegen.ts maps the GraphQL types to these, so a resolver returning one is type-checked
 * against it and a field resolver's parent is typed.
 */
import type { AccountRow } from '../../../projections/accounts';
import type { CourseRow, LessonRow } from '../../../projections/catalog';
import type { ConversationRow, ParticipantEventRow } from '../../../projections/conversations';
import type { PersonRow } from '../../../projections/directory';
import type { DashboardConversationRow } from '../../../projections/directory/adminViews';
import type { LessonAttemptRow } from '../../../projections/enrollments';
import type { GroupRow } from '../../../projections/groups';

/**
 * A `User` or an `Account`: an account row (rm_accounts), or a directory row (rm_directory), which
 * carries the account's fields and more (the balance, names and zone the admin lists show).
 */
export type PersonParent = AccountRow & Partial<Omit<PersonRow, keyof AccountRow>>;

/** A course, with the extra conversations `enrollingCourse` was asked with (its prices follow them). */
export type CourseParent = CourseRow & { requestedExtraConversations?: number };

/** A lesson; reached from a conversation, with the speaker its private note is for. */
export type LessonParent = LessonRow & { privateNoteFor?: string };

/** A lesson's attempt: a recorded one, or the one a conversation stands for before it is recorded. */
export interface LessonAttemptParent {
  id: string;
  outcome: LessonAttemptRow['outcome'] | null;
  conversationId: string;
  lessonId: string;
  courseId: string | null;
}

/** One of a conversation's two participants, with their connection history. */
export interface ParticipantParent {
  id: string;
  conversation: ConversationRow;
  events: ParticipantEventRow[];
}

/** The admin dashboard's window; its figures are counted when asked for, at `now`. */
export interface AdminDashboardParent {
  rangeStart: Date;
  rangeEnd: Date;
  timeZone: string;
  reservedConversations: DashboardConversationRow[];
  now: Date;
}

/** A group, with its current courses counted at request time (they move with the clock). */
export type GroupParent = GroupRow & { currentCoursesCount: number };
