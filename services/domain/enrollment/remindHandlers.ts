/**
 * remindStudents (issue 35, the class view): the course's owner (or an admin) mails the chosen
 * students about one lesson and its due date, in each student's language. Per student it reads the
 * enrollment (a student no longer enrolled, or who completed the lesson, is not mailed) and the
 * student's reminders of the course (one reminder per lesson in 24 hours); the refused come back
 * with their reason, the others get StudentReminded and their mail in the same append.
 */
import { REMIND_MAX_STUDENTS } from '../../../contracts/classView';
import { isSupportedLocale, type Locale } from '../../../contracts/i18n/locales';
import type { CommandExecutor, CommandMeta } from '../../commands/execute';
import { loadCourse } from '../catalog/handlers';
import type { Mailer } from '../notifications/mailer';
import { fold } from '../shared/decider';
import { badInput, notFound, unauthorized } from '../shared/errors';
import { enrollmentStream, evolveEnrollment, initialEnrollment, type EnrollmentEvent } from './enrollment';
import { ClassReminderTemplates } from './reminderMail';
import { classReminderStream, decideRemind, evolveClassReminders, initialClassReminders, type StudentReminded } from './reminders';

export interface RemindRecipient {
  emailAddress: string;
  locale: string | null;
}

export interface RemindDeps {
  commands: CommandExecutor;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
  /** Addresses and languages of these accounts (read models); a missing one is not mailed. */
  recipients(accountIds: string[]): Promise<Map<string, RemindRecipient>>;
  /** The instructor's name as the mail shows it. */
  nameOf(accountId: string): Promise<string | null>;
}

export type RemindRefusal = 'recently_reminded' | 'complete' | 'not_enrolled';

export interface RemindResult {
  reminded: { studentId: string; remindedAt: Date }[];
  refused: { studentId: string; reason: RemindRefusal; remindedAt: Date | null }[];
}

export const RemindMessages = {
  notOwner: 'Only the course owner can remind its students.',
  lessonNotFound: 'This lesson is not in this course.',
  noStudents: 'Please choose at least one student.',
  tooMany: `Please choose at most ${REMIND_MAX_STUDENTS} students at a time.`,
  courseNotFound: 'The course was not found.',
};

export function remindHandlers(deps: RemindDeps) {
  return {
    async remindStudents(meta: CommandMeta, input: { courseId: string; lessonId: string; studentIds: readonly string[] }) {
      const studentIds = [...new Set(input.studentIds)];
      if (!studentIds.length) throw badInput(RemindMessages.noStudents);
      if (studentIds.length > REMIND_MAX_STUDENTS) throw badInput(RemindMessages.tooMany);
      const [recipients, instructorName] = await Promise.all([
        deps.recipients(studentIds),
        meta.actor.accountId ? deps.nameOf(meta.actor.accountId) : null,
      ]);
      return deps.commands.execute(meta, async (tx): Promise<RemindResult> => {
        const { course, lessons, removed } = await loadCourse(tx, input.courseId);
        if (!course || removed) throw notFound(RemindMessages.courseNotFound);
        const privileged = tx.actor.roles.includes('ADMIN');
        if (!privileged && course.ownerId !== tx.actor.accountId) throw unauthorized(RemindMessages.notOwner);
        const lesson = lessons.find((l) => l.lessonId === input.lessonId);
        if (!lesson) throw notFound(RemindMessages.lessonNotFound);

        const streams = await Promise.all(
          studentIds.map(async (studentId) => ({
            studentId,
            enrollment: fold(
              evolveEnrollment,
              initialEnrollment(),
              (await tx.read(enrollmentStream(course.courseId, studentId))) as EnrollmentEvent[],
            ),
            reminders: fold(
              evolveClassReminders,
              initialClassReminders(),
              (await tx.read(classReminderStream(course.courseId, studentId))) as StudentReminded[],
            ),
          })),
        );
        const result: RemindResult = { reminded: [], refused: [] };
        for (const { studentId, enrollment, reminders } of streams) {
          const recipient = recipients.get(studentId);
          if (!enrollment.enrolled || !recipient) {
            result.refused.push({ studentId, reason: 'not_enrolled', remindedAt: null });
            continue;
          }
          if (enrollment.completedLessons.has(lesson.lessonId)) {
            result.refused.push({ studentId, reason: 'complete', remindedAt: null });
            continue;
          }
          const locale: Locale | undefined = isSupportedLocale(recipient.locale) ? recipient.locale : undefined;
          const decided = decideRemind(
            reminders,
            { courseId: course.courseId, studentId, lessonId: lesson.lessonId, dueOn: lesson.dueOn },
            tx,
          );
          if ('refusedSince' in decided) {
            result.refused.push({ studentId, reason: 'recently_reminded', remindedAt: decided.refusedSince });
            continue;
          }
          tx.append(classReminderStream(course.courseId, studentId), decided.reminded);
          deps.mailer.queue(tx, {
            recipient: { accountId: studentId, emailAddress: recipient.emailAddress },
            templateKey: ClassReminderTemplates.lessonReminder,
            templateValue: {
              courseName: course.name,
              lessonNumber: String(lesson.order),
              lessonTitle: lesson.title,
              dueOn: lesson.dueOn ?? '',
              instructorName: instructorName ?? '',
              link: `${deps.publicUrl.replace(/\/$/, '')}/student/reserve`,
            },
            locale,
          });
          result.reminded.push({ studentId, remindedAt: tx.now });
        }
        return result;
      });
    },
  };
}

export type RemindHandlers = ReturnType<typeof remindHandlers>;
