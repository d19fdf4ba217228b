/**
 * The LMS roster into the course (issue 33, NRPS): a learner the course's owner added from the LMS
 * course's roster has a place in the course on their LMS user's stream (lti-roster-<hash of issuer
 * and sub>), taken as an enrollment at once when their account is known, else at their first
 * launch or their first sign-in or sign-up with the roster's address. Only a course the school pays
 * for (institutional) takes places: nobody is enrolled into a card course without paying.
 * docs/decisions/lti.md, "Roster into the course".
 */
import { enrollmentMinutes } from '../../../contracts/enrollment';
import type { Role } from '../../../contracts/roles';
import type { CommandTransaction } from '../../commands/execute';
import { decideChangeMinutes, evolveLedger, ledgerStream } from '../billing/ledger';
import { readLedger } from '../billing/handlers';
import { isPastCourse } from '../catalog/course';
import type { CourseState } from '../catalog/course';
import { loadCourse } from '../catalog/handlers';
import { decideEnroll, enrollmentStream, evolveEnrollment, initialEnrollment, type EnrollmentEvent } from '../enrollment/enrollment';
import { fold } from '../shared/decider';
import { badInput, notFound } from '../shared/errors';
import { newId } from '../shared/ids';
import { ltiStreams, type LtiRosterEvent, type LtiRosterPlaceOffered } from './events';

export const RosterMessages = {
  notInstitutional:
    'Only a course the school pays for can take the LMS roster: in a course paid by card each learner pays when they join from the LMS.',
  ended: 'The course has ended: the LMS roster can no longer be added to it.',
  notFound: 'The course was not found.',
};

/** Accounts an LMS's word may never enrol (as it may never sign them in): the back-office and speakers. */
const NOT_ENROLLABLE: readonly Role[] = ['ADMIN', 'SPEAKER', 'ONBOARDING_SPEAKER'];

export const isEnrollableStudent = (roles: readonly Role[]) =>
  roles.some((r) => r === 'STUDENT' || r === 'ONBOARDING_STUDENT') && !roles.some((r) => NOT_ENROLLABLE.includes(r));

export interface RosterPlace {
  offered: LtiRosterPlaceOffered['data'];
  takenBy: string | null;
}

/** An LMS user's places by course, from their roster stream. */
export function placesOf(events: readonly LtiRosterEvent[]): Map<string, RosterPlace> {
  const places = new Map<string, RosterPlace>();
  for (const e of events) {
    if (e.type === 'LtiRosterPlaceOffered') places.set(e.data.courseId, { offered: e.data, takenBy: null });
    else {
      const place = places.get(e.data.courseId);
      if (place) place.takenBy = e.data.accountId;
    }
  }
  return places;
}

type Course = NonNullable<CourseState['course']>;

/** A course that can take roster places now: there, not ended, paid for by the school. */
export function rosterCourseProblem(state: CourseState, now: Date): string | null {
  if (!state.course || state.removed) return RosterMessages.notFound;
  if (isPastCourse(state.course, now)) return RosterMessages.ended;
  if (state.course.priceAgreement.kind !== 'institutional') return RosterMessages.notInstitutional;
  return null;
}

export async function loadRosterCourse(tx: CommandTransaction, courseId: string): Promise<Course> {
  const state = await loadCourse(tx, courseId);
  const problem = rosterCourseProblem(state, tx.now);
  if (problem === RosterMessages.notFound) throw notFound(problem);
  if (problem) throw badInput(problem);
  return state.course!;
}

/**
 * Enrolls students in institutional courses inside a caller's command, as the enrollment does
 * (StudentEnrolled paid by the school, the course's minutes credited). One ledger read per account
 * for every course of the command: the transaction's reads do not see its own appends.
 */
export function rosterEnroller(tx: CommandTransaction) {
  const ledgers = new Map<string, Awaited<ReturnType<typeof readLedger>>>();
  return async function enroll(course: Course, studentId: string): Promise<'enrolled' | 'already'> {
    const stream = enrollmentStream(course.courseId, studentId);
    const state = fold(evolveEnrollment, initialEnrollment(), (await tx.read(stream)) as EnrollmentEvent[]);
    if (state.enrolled) return 'already';
    const minuteQuantity = enrollmentMinutes(course, 0);
    const events = decideEnroll(
      state,
      {
        enrollmentId: newId(),
        courseId: course.courseId,
        studentId,
        courseKind: course.kind,
        enrolledWith: 'institutional',
        extraConversations: 0,
        minuteQuantity,
        redemptionCodeId: null,
      },
      tx.now,
    );
    tx.append(stream, events);
    const ledger = ledgers.get(studentId) ?? (await readLedger(tx, studentId));
    const credited = decideChangeMinutes(
      ledger,
      { transactionId: newId(), accountId: studentId, minutes: minuteQuantity, action: 'enrollment', reason: course.name },
      { now: tx.now, actor: tx.actor },
    );
    ledgers.set(studentId, credited.reduce(evolveLedger, ledger));
    tx.append(ledgerStream(studentId), credited);
    return 'enrolled';
  };
}

/**
 * Takes an LMS user's pending places as the account's enrollments, inside the command that signs
 * them in (a launch, a sign-in, a sign-up). A place whose course cannot take it now (ended, no longer
 * institutional) stays pending; so does every place of an account that is not a student's.
 */
export async function takeRosterPlacesInTx(
  tx: CommandTransaction,
  input: { personKey: string; accountId: string; roles: readonly Role[]; via: 'launch' | 'sign-in' },
  enroll = rosterEnroller(tx),
): Promise<number> {
  if (!isEnrollableStudent(input.roles)) return 0;
  const stream = ltiStreams.rosterPerson(input.personKey);
  const [events, link] = await Promise.all([tx.read(stream), tx.readLast(ltiStreams.user(input.personKey))]);
  const pending = [...placesOf(events as LtiRosterEvent[]).values()].filter((p) => !p.takenBy);
  if (!pending.length) return 0;
  // By address: never when the LMS user already opened Tertulia as another account (the launch is the LMS's own word).
  const linkedTo = (link?.data as { accountId?: string } | undefined)?.accountId;
  if (input.via === 'sign-in' && linkedTo && linkedTo !== input.accountId) return 0;
  const taken: LtiRosterEvent[] = [];
  for (const place of pending) {
    const state = await loadCourse(tx, place.offered.courseId);
    if (rosterCourseProblem(state, tx.now)) continue;
    await enroll(state.course!, input.accountId);
    const { courseId, platformId, subject } = place.offered;
    taken.push({ type: 'LtiRosterPlaceTaken', data: { courseId, platformId, subject, accountId: input.accountId, via: input.via } });
  }
  tx.append(stream, taken);
  return taken.length;
}
