/**
 * The instructor's roster (issue 11): withdrawUser takes a student out of a course, transferUser
 * moves them to another course of the same instructor. Both are one append over the streams they
 * read: the course(s), the enrollment stream(s), each open lesson attempt's conversation, the
 * student's minutes and the days the canceled conversations held.
 *
 * Rules (.scratch/decisions-instructor-area.md):
 *  - Only the course's owner (or an admin); for a transfer the owner of both courses.
 *  - The student keeps every minute on their balance (minutes belong to the account, and may have
 *    been paid by the student's card): nothing is taken back, and a transfer grants none.
 *  - Every open lesson attempt of the course is closed. A conversation still to come is canceled
 *    with all its minutes back (reason `withdrawn`, both sides mailed); one that ended awaiting its
 *    marking keeps its conversation (the speaker still marks it) but no longer holds the lesson.
 *    One running now (opened, started, or within its time) refuses the change until it has ended.
 *  - Lessons completed stay completed on the old course's stream (its history); the new course
 *    starts with its own lessons unattempted.
 */
import { MinuteReasons } from '../../../contracts/afterConversation';
import { InstructorMessages } from '../../../contracts/validation/instructor';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { decideChangeMinutes, evolveLedger, type initialLedger, ledgerStream, type LedgerEvent } from '../billing/ledger';
import { readLedger } from '../billing/handlers';
import { decideRemoveCourse, isPastCourse } from '../catalog/course';
import { loadCourse } from '../catalog/handlers';
import { catalogStreams } from '../catalog/events';
import { evolveConversation, type ConversationState } from '../conversations/conversation';
import { conversationStream, type ConversationEvent } from '../conversations/events';
import type { ConversationMail } from '../conversations/mail';
import { releaseReservation } from '../scheduling/handlers';
import { fold, type DecisionContext } from '../shared/decider';
import { badInput, conflict, notFound, unauthorized } from '../shared/errors';
import { newId } from '../shared/ids';
import {
  decideEnroll,
  enrollmentStream,
  evolveEnrollment,
  initialEnrollment,
  type EnrollmentEvent,
  type EnrollmentState,
} from './enrollment';
import { EnrollingMessages } from './messages';

export interface RosterDeps {
  commands: CommandExecutor;
  conversationMail?: ConversationMail;
}

const privileged = (ctx: Pick<DecisionContext, 'actor'>) => ctx.actor.roles.includes('ADMIN') || ctx.actor.roles.includes('SYSTEM');

async function readEnrollment(tx: CommandTransaction, courseId: string, studentId: string): Promise<EnrollmentState> {
  return fold(evolveEnrollment, initialEnrollment(), (await tx.read(enrollmentStream(courseId, studentId))) as EnrollmentEvent[]);
}

async function readConversation(tx: CommandTransaction, conversationId: string): Promise<ConversationState | null> {
  return ((await tx.read(conversationStream(conversationId))) as ConversationEvent[]).reduce<ConversationState | null>(
    evolveConversation,
    null,
  );
}

/**
 * What happens to one open lesson attempt when its student leaves the course: `cancel` (to come:
 * the conversation is canceled, minutes back), `close` (ended or already canceled: only the attempt
 * is closed), or `running` (refused until it ends). Pure, for the tests.
 */
export function attemptOnLeaving(c: ConversationState | null, now: Date): 'cancel' | 'close' | 'running' {
  if (!c || c.canceled) return 'close';
  if (c.status === 'opened' || c.status === 'started') return 'running';
  if (c.status !== 'reserved') return 'close';
  if (now.getTime() < c.start.getTime()) return 'cancel';
  return now.getTime() < c.end.getTime() ? 'running' : 'close';
}

export function rosterHandlers(deps: RosterDeps) {
  const { commands } = deps;

  /** The course as its owner (or an admin) may change it. */
  async function ownedCourse(tx: CommandTransaction, courseId: string, field: string) {
    const { course, removed } = await loadCourse(tx, courseId);
    if (!course || removed) throw notFound(EnrollingMessages.courseNotFound);
    if (!privileged(tx) && course.ownerId !== tx.actor.accountId) {
      if (field === 'toCourseId')
        throw badInput(InstructorMessages.transferTargetNotYours, { toCourseId: InstructorMessages.transferTargetNotYours });
      throw unauthorized(EnrollingMessages.notOwnerStudents);
    }
    return course;
  }

  /** Leaves the course: closes every open attempt (canceling what is to come), then StudentWithdrawn. */
  async function leave(tx: CommandTransaction, courseId: string, studentId: string, transferredTo: string | null) {
    const enrollment = await readEnrollment(tx, courseId, studentId);
    if (!enrollment.enrolled) throw notFound(InstructorMessages.notEnrolled);
    const events: EnrollmentEvent[] = [];
    let ledger: ReturnType<typeof initialLedger> | null = null;
    const credits: LedgerEvent[] = [];
    let canceled = 0;
    for (const [lessonId, open] of enrollment.lessonAttempts) {
      const c = await readConversation(tx, open.conversationId);
      const fate = attemptOnLeaving(c, tx.now);
      if (fate === 'running') throw conflict(InstructorMessages.inConversation);
      if (fate === 'cancel' && c) {
        releaseReservation(tx, c, { canceledBy: tx.actor.accountId, reason: 'withdrawn', minutesReturned: c.minutes });
        if (c.minutes > 0) {
          ledger ??= await readLedger(tx, studentId);
          const [credit] = decideChangeMinutes(
            ledger,
            {
              transactionId: newId(),
              accountId: studentId,
              minutes: c.minutes,
              action: 'refund',
              reason: transferredTo ? MinuteReasons.movedCourse : MinuteReasons.withdrawn,
            },
            { now: tx.now, actor: tx.actor },
          );
          credits.push(credit);
          ledger = evolveLedger(ledger, credit);
        }
        await deps.conversationMail?.canceled(tx, c, { reason: 'withdrawn', minutesReturned: c.minutes });
        canceled++;
      }
      events.push({
        type: 'LessonAttemptCanceled',
        data: { lessonAttemptId: open.lessonAttemptId, lessonId, conversationId: open.conversationId },
      });
    }
    events.push({ type: 'StudentWithdrawn', data: { enrollmentId: enrollment.enrolled.enrollmentId, courseId, studentId, transferredTo } });
    tx.append(enrollmentStream(courseId, studentId), events);
    if (credits.length) tx.append(ledgerStream(studentId), credits);
    return { enrolled: enrollment.enrolled, canceledConversations: canceled };
  }

  return {
    /** Deletes a course without students; `hasStudents` comes from the enrollments read model. */
    async removeCourse(meta: CommandMeta, input: { courseId: string; hasStudents: boolean }) {
      return commands.execute(meta, async (tx) => {
        const state = await loadCourse(tx, input.courseId);
        tx.append(catalogStreams.course(input.courseId), decideRemoveCourse(state, input, { now: tx.now, actor: tx.actor }));
        return { removed: true };
      });
    },

    async withdrawUser(meta: CommandMeta, input: { courseId: string; studentId: string }) {
      return commands.execute(meta, async (tx) => {
        await ownedCourse(tx, input.courseId, 'courseId');
        const left = await leave(tx, input.courseId, input.studentId, null);
        return { canceledConversations: left.canceledConversations };
      });
    },

    async transferUser(meta: CommandMeta, input: { fromCourseId: string; toCourseId: string; studentId: string }) {
      if (!input.toCourseId)
        throw badInput(InstructorMessages.transferTargetRequired, { toCourseId: InstructorMessages.transferTargetRequired });
      if (input.fromCourseId === input.toCourseId)
        throw badInput(InstructorMessages.transferSameCourse, { toCourseId: InstructorMessages.transferSameCourse });
      return commands.execute(meta, async (tx) => {
        const from = await ownedCourse(tx, input.fromCourseId, 'courseId');
        const to = await ownedCourse(tx, input.toCourseId, 'toCourseId');
        // Between the courses of one instructor (an admin too: never into someone else's class).
        if (from.ownerId !== to.ownerId)
          throw badInput(InstructorMessages.transferTargetNotYours, { toCourseId: InstructorMessages.transferTargetNotYours });
        if (to.kind === 'adventure')
          throw badInput(InstructorMessages.transferTargetNotYours, { toCourseId: InstructorMessages.transferTargetNotYours });
        if (isPastCourse(to, tx.now))
          throw badInput(InstructorMessages.transferTargetPast, { toCourseId: InstructorMessages.transferTargetPast });
        const left = await leave(tx, from.courseId, input.studentId, to.courseId);
        const target = await readEnrollment(tx, to.courseId, input.studentId);
        if (target.enrolled) throw conflict(InstructorMessages.transferTargetEnrolled);
        const enrollmentId = newId();
        tx.append(
          enrollmentStream(to.courseId, input.studentId),
          decideEnroll(
            target,
            {
              enrollmentId,
              courseId: to.courseId,
              studentId: input.studentId,
              courseKind: to.kind,
              // How the student first paid stays true; the minutes came with that enrollment.
              enrolledWith: left.enrolled.enrolledWith,
              extraConversations: 0,
              minuteQuantity: 0,
              redemptionCodeId: null,
              transferredFrom: from.courseId,
            },
            tx.now,
          ),
        );
        return { enrollmentId, canceledConversations: left.canceledConversations };
      });
    },
  };
}
export type RosterHandlers = ReturnType<typeof rosterHandlers>;
