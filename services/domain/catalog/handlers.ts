/**
 * Catalog use cases: courses and adventures (with a system-made invite number guarded by its
 * invite-<number> stream), templates and pricing plans.
 */
import crypto from 'node:crypto';
import { DEFAULT_DURATION } from '../../../contracts/enrollment';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { fold } from '../shared/decider';
import { DomainError, badInput, unauthorized } from '../shared/errors';
import { newId } from '../shared/ids';
import { normalizeEmail } from '../../../contracts/validation/email';
import { provisionErrors, type ProvisionRow } from '../../../contracts/validation/instructor';
import { accountIdForEmail } from '../identity/handlers';
import { mailLocale } from '../people/mailLocale';
import type { Locale } from '../../../contracts/i18n/locales';
import type { Mailer } from '../notifications/mailer';
import { assertNoFieldErrors } from '../shared/errors';
import { enrollmentStream } from '../enrollment/enrollment';
import {
  decideAnswerShareInvite,
  decideChangeCourse,
  decideCourseRecordingConsent,
  decideCourseRetention,
  type ChangeCourse,
  decideChangeLesson,
  decideChangeLessonAssignment,
  decideCreateCourse,
  decideShareCourse,
  evolveCourse,
  initialCourse,
  type CourseState,
  type LessonTitle,
} from './course';
import { catalogStreams, type CourseEvent, type CourseKind, type PriceListEntry, type PricingEvent, type TemplateEvent } from './events';
import {
  decideChangePricingPlan,
  decideCreatePricingPlan,
  decideMakeDefault,
  defaultPlan,
  evolvePricing,
  initialPricing,
  planById,
  priceAgreementFor,
  repricedAgreement,
  type PricingState,
} from './pricing';
import {
  decideChangeTemplate,
  decideCreateTemplate,
  decideRemoveTemplate,
  evolveTemplate,
  initialTemplate,
  ownedTemplate,
  type TemplateState,
} from './template';
// Courses are read and written in their current shape (CourseCreated v2).
import './upcasters';
import { CatalogMessages } from './messages';

/** Six digits, never starting with 0 so that it reads the same everywhere. */
export const randomInviteNumber = () => String(crypto.randomInt(100_000, 1_000_000));
const MAX_INVITE_TRIES = 20;

export async function loadPricing(tx: CommandTransaction): Promise<PricingState> {
  return fold(evolvePricing, initialPricing(), (await tx.read(catalogStreams.pricingPlans)) as PricingEvent[]);
}

export async function loadCourse(tx: CommandTransaction, courseId: string): Promise<CourseState> {
  return fold(evolveCourse, initialCourse(), (await tx.read(catalogStreams.course(courseId))) as CourseEvent[]);
}

/** The course an invite number belongs to, read from its stream (never stale), or null. */
export async function courseIdForInvite(tx: CommandTransaction, inviteNumber: string): Promise<string | null> {
  const [claim] = await tx.read(catalogStreams.invite(inviteNumber));
  return claim ? (claim.data as { courseId: string }).courseId : null;
}

export async function loadTemplate(tx: CommandTransaction, templateId: string): Promise<TemplateState> {
  return fold(evolveTemplate, initialTemplate(), (await tx.read(catalogStreams.template(templateId))) as TemplateEvent[]);
}

const isPrivileged = (meta: CommandMeta) => meta.actor.roles.includes('ADMIN') || meta.actor.roles.includes('SYSTEM');

/**
 * What the given students did in a course, from their enrollment streams (never a stale read):
 * how many are enrolled now, and the lessons any of them reserved or held a conversation for that
 * was not canceled (open, completed or failed attempts; a withdrawn student's history counts too).
 */
export async function readCourseRoster(tx: CommandTransaction, courseId: string, studentIds: readonly string[]) {
  const streams = await Promise.all([...new Set(studentIds)].map((id) => tx.read(enrollmentStream(courseId, id))));
  let enrolled = 0;
  const held = new Set<string>();
  for (const events of streams) {
    let isEnrolled = false;
    const open = new Map<string, string>();
    for (const e of events) {
      const d = e.data as { lessonAttemptId?: string; lessonId?: string };
      if (e.type === 'StudentEnrolled') isEnrolled = true;
      else if (e.type === 'StudentWithdrawn') isEnrolled = false;
      else if (e.type === 'LessonAttemptStarted') open.set(d.lessonAttemptId!, d.lessonId!);
      else if (e.type === 'LessonAttemptCanceled') open.delete(d.lessonAttemptId!);
      else if (e.type === 'LessonAttemptCompleted' || e.type === 'LessonAttemptFailed') held.add(d.lessonId!);
    }
    if (isEnrolled) enrolled++;
    for (const lessonId of open.values()) held.add(lessonId);
  }
  return { enrolled, heldLessonIds: [...held] };
}

/** The edit as the decider takes it, less what the handler reads itself (the roster, prices, ids). */
export type ChangeCourseInput = Omit<ChangeCourse, 'roster' | 'priceFor' | 'newId'> & {
  courseId: string;
  /** Everyone who is or was the course's student (enrollments read model): their streams are read. */
  studentIds: readonly string[];
};

export interface CreateCourseInput {
  kind?: CourseKind;
  name: string;
  language: string;
  proficiency: string;
  /** Calendar dates 'YYYY-MM-DD'. */
  startDate?: string | null;
  endDate?: string | null;
  /** The creator's time zone for "today" (profiles do not store one yet: America/New_York). */
  timeZone?: string | null;
  completionRequirement: number;
  durationRequirement?: number | null;
  ownerId: string | null;
  school?: string | null;
  /** Admin and system only; others get the system default plan. */
  pricingPlanId?: string | null;
  templateId?: string | null;
  /** New lessons' titles in the creator's language (English when missing). */
  lessonTitle?: LessonTitle;
}

export function catalogHandlers(deps: { commands: CommandExecutor; inviteNumbers?: () => string; mailer?: Mailer; publicUrl?: string }) {
  const nextInvite = deps.inviteNumbers ?? randomInviteNumber;

  /** A new course with a never-used invite number, appended to tx (course and invite streams). */
  async function makeCourse(tx: CommandTransaction, input: CreateCourseInput, claimed = new Set<string>()) {
    const kind = input.kind ?? 'regular';
    const courseId = newId();
    const pricing = await loadPricing(tx);
    const plan = input.pricingPlanId ? planById(pricing, input.pricingPlanId) : defaultPlan(pricing);
    if (input.pricingPlanId && !plan)
      throw badInput(CatalogMessages.pricingPlanNotFound, { pricingPlanId: CatalogMessages.pricingPlanNotFound });
    const durationRequirement = input.durationRequirement ?? DEFAULT_DURATION;
    // A number never used before: retry on the (rare) collision; a concurrent claim of the same
    // number fails the append on its no_stream guard and the executor runs this again.
    let inviteNumber: string | null = null;
    for (let i = 0; i < MAX_INVITE_TRIES && !inviteNumber; i++) {
      const candidate = nextInvite();
      if (!claimed.has(candidate) && !(await tx.read(catalogStreams.invite(candidate))).length) inviteNumber = candidate;
    }
    if (!inviteNumber) throw new DomainError('CONFLICT', CatalogMessages.noInviteNumber);
    claimed.add(inviteNumber);
    const events = decideCreateCourse(
      initialCourse(),
      {
        courseId,
        kind,
        name: input.name ?? '',
        language: input.language,
        proficiency: input.proficiency,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        timeZone: input.timeZone ?? null,
        inviteNumber,
        completionRequirement: input.completionRequirement,
        durationRequirement,
        ownerId: input.ownerId,
        school: input.school ?? null,
        priceAgreement: priceAgreementFor(plan, durationRequirement, newId()),
        templateId: input.templateId ?? null,
        newId,
        lessonTitle: input.lessonTitle,
      },
      { now: tx.now, actor: tx.actor },
    );
    tx.append(catalogStreams.invite(inviteNumber), [{ type: 'InviteNumberClaimed', data: { inviteNumber, courseId } }], 'no_stream');
    tx.append(catalogStreams.course(courseId), events, 'no_stream');
    return { courseId, inviteNumber, events };
  }

  return {
    async createCourse(meta: CommandMeta, input: CreateCourseInput) {
      const kind = input.kind ?? 'regular';
      if ((kind === 'adventure' || input.pricingPlanId) && !isPrivileged(meta)) throw unauthorized();
      return deps.commands.execute(meta, async (tx) => {
        const { courseId, inviteNumber } = await makeCourse(tx, input);
        return { courseId, inviteNumber };
      });
    },

    /**
     * createProvisionalCourses: one course a row from the actor's template (name and dates per row),
     * each offered by a share invite with ownership to the row's address and mailed there, in one
     * append: all rows or none.
     */
    async createProvisionalCourses(
      meta: CommandMeta,
      input: {
        templateId: string;
        timeZone?: string | null;
        attributes: ProvisionRow[];
        lessonTitle?: LessonTitle;
        /** The offering instructor's language: the offer's, for an address without an account (or a setting). */
        senderLocale?: Locale;
      },
    ) {
      assertNoFieldErrors(provisionErrors(input.attributes));
      return deps.commands.execute(meta, async (tx) => {
        const template = ownedTemplate(await loadTemplate(tx, input.templateId), { now: tx.now, actor: tx.actor });
        const made: { courseId: string; inviteId: string; emailAddress: string }[] = [];
        const claimed = new Set<string>();
        for (const row of input.attributes) {
          const { courseId, inviteNumber, events } = await makeCourse(
            tx,
            {
              kind: 'regular',
              name: row.name?.trim() || template.name,
              language: template.language,
              proficiency: template.proficiency,
              startDate: row.startDate ?? null,
              endDate: row.endDate ?? null,
              timeZone: input.timeZone ?? null,
              completionRequirement: template.completionRequirement,
              durationRequirement: template.durationRequirement,
              ownerId: tx.actor.accountId,
              templateId: template.templateId,
              lessonTitle: input.lessonTitle,
            },
            claimed,
          );
          const inviteId = newId();
          const emailAddress = normalizeEmail(row.emailAddress);
          const state = fold(evolveCourse, initialCourse(), events);
          tx.append(
            catalogStreams.course(courseId),
            decideShareCourse(state, { inviteId, emailAddress }, { now: tx.now, actor: tx.actor }),
          );
          // In the language of the address's account, when it has one (its setting); else the offering instructor's.
          const owner = deps.mailer ? await accountIdForEmail(tx, emailAddress) : null;
          deps.mailer?.queue(tx, {
            recipient: { accountId: null, emailAddress },
            locale: owner ? await mailLocale(tx, owner, input.senderLocale) : input.senderLocale,
            templateKey: 'course_share_invite',
            templateValue: {
              courseName: row.name?.trim() || template.name,
              inviteNumber,
              link: `${deps.publicUrl ?? ''}/instructor/courses/grid?invites=pending`,
            },
          });
          made.push({ courseId, inviteId, emailAddress });
        }
        return made;
      });
    },

    /**
     * changeCourse: the course and its lessons in one append on its stream (CourseChanged with
     * LessonAssigned or LessonRemoved); a new conversation length is priced from the agreement's plan.
     */
    async changeCourse(meta: CommandMeta, input: ChangeCourseInput) {
      return deps.commands.execute(meta, async (tx) => {
        const [state, roster] = await Promise.all([loadCourse(tx, input.courseId), readCourseRoster(tx, input.courseId, input.studentIds)]);
        const agreement = state.course?.priceAgreement;
        const repricing =
          !!agreement && input.durationRequirement != null && input.durationRequirement !== state.course!.durationRequirement;
        const pricing = repricing ? await loadPricing(tx) : null;
        const events = decideChangeCourse(
          state,
          {
            ...input,
            roster,
            priceFor: (duration) =>
              repricedAgreement(
                agreement!,
                pricing && agreement!.pricingPlanId ? planById(pricing, agreement!.pricingPlanId) : null,
                duration,
                newId(),
              ),
            newId,
          },
          { now: tx.now, actor: tx.actor },
        );
        if (events.length) tx.append(catalogStreams.course(input.courseId), events);
        return { changed: events.length > 0 };
      });
    },

    /** "Allow recording students under <age>" (issue 34), on the course's stream. */
    async changeCourseRecordingConsent(meta: CommandMeta, input: { courseId: string; allowRecordingUnderAge: boolean }) {
      return deps.commands.execute(meta, async (tx) => {
        const events = decideCourseRecordingConsent(await loadCourse(tx, input.courseId), input, { now: tx.now, actor: tx.actor });
        if (events.length) tx.append(catalogStreams.course(input.courseId), events);
        return { changed: events.length > 0 };
      });
    },

    /** How long the course's recordings are kept after it ends (issue 34), within the school's most. */
    async changeCourseRetention(meta: CommandMeta, input: { courseId: string; retentionDays: number | null; maxRetentionDays: number }) {
      return deps.commands.execute(meta, async (tx) => {
        const events = decideCourseRetention(await loadCourse(tx, input.courseId), input, { now: tx.now, actor: tx.actor });
        if (events.length) tx.append(catalogStreams.course(input.courseId), events);
        return { changed: events.length > 0 };
      });
    },

    async changeLesson(
      meta: CommandMeta,
      input: { courseId: string; lessonId: string; title: string; discussionTopic: string; privateNote?: string | null },
    ) {
      return deps.commands.execute(meta, async (tx) => {
        tx.append(
          catalogStreams.course(input.courseId),
          decideChangeLesson(await loadCourse(tx, input.courseId), input, { now: tx.now, actor: tx.actor }),
        );
        return true;
      });
    },

    async changeLessonAssignment(
      meta: CommandMeta,
      input: { courseId: string; lessonAssignmentId: string; dueOn: string | null; timeZone?: string | null },
    ) {
      return deps.commands.execute(meta, async (tx) => {
        tx.append(
          catalogStreams.course(input.courseId),
          decideChangeLessonAssignment(await loadCourse(tx, input.courseId), input, { now: tx.now, actor: tx.actor }),
        );
        return true;
      });
    },

    /** Accept (all given) or reject share invites sent to the actor's address; invites of several courses in one append. */
    async answerShareInvites(
      meta: CommandMeta,
      input: { invites: { inviteId: string; courseId: string }[]; accept: boolean; emailAddress: string },
    ) {
      return deps.commands.execute(meta, async (tx) => {
        for (const invite of input.invites) {
          const state = await loadCourse(tx, invite.courseId);
          tx.append(
            catalogStreams.course(invite.courseId),
            decideAnswerShareInvite(state, {
              inviteId: invite.inviteId,
              accept: input.accept,
              accountId: tx.actor.accountId!,
              emailAddress: input.emailAddress,
            }),
          );
        }
        return input.invites.length;
      });
    },

    async changeTemplate(
      meta: CommandMeta,
      input: {
        templateId: string;
        name?: string | null;
        language?: string | null;
        proficiency?: string | null;
        completionRequirement?: number | null;
        durationRequirement?: number | null;
      },
    ) {
      return deps.commands.execute(meta, async (tx) => {
        tx.append(
          catalogStreams.template(input.templateId),
          decideChangeTemplate(await loadTemplate(tx, input.templateId), input, { now: tx.now, actor: tx.actor }),
        );
        return true;
      });
    },

    async removeTemplate(meta: CommandMeta, input: { templateId: string }) {
      return deps.commands.execute(meta, async (tx) => {
        tx.append(
          catalogStreams.template(input.templateId),
          decideRemoveTemplate(await loadTemplate(tx, input.templateId), { now: tx.now, actor: tx.actor }),
        );
        return true;
      });
    },

    async createTemplate(
      meta: CommandMeta,
      input: {
        name: string;
        language: string;
        proficiency: string;
        completionRequirement: number;
        durationRequirement?: number | null;
        ownerId: string | null;
        priceAgreementKind?: string | null;
      },
    ) {
      const templateId = newId();
      return deps.commands.execute(meta, async (tx) => {
        const events = decideCreateTemplate(
          initialTemplate(),
          { ...input, templateId, durationRequirement: input.durationRequirement ?? DEFAULT_DURATION },
          { now: tx.now, actor: tx.actor },
        );
        tx.append(catalogStreams.template(templateId), events, 'no_stream');
        return { templateId };
      });
    },

    async createPricingPlan(
      meta: CommandMeta,
      input: {
        name: string;
        kind: string;
        conversationDuration: number;
        priceList: PriceListEntry[];
        promotionalPriceList?: PriceListEntry[] | null;
        systemDefault?: boolean;
      },
    ) {
      if (!isPrivileged(meta)) throw unauthorized();
      const pricingPlanId = newId();
      return deps.commands.execute(meta, async (tx) => {
        const events = decideCreatePricingPlan(await loadPricing(tx), { ...input, pricingPlanId });
        tx.append(catalogStreams.pricingPlans, events);
        return { pricingPlanId };
      });
    },

    async changePricingPlan(
      meta: CommandMeta,
      input: {
        pricingPlanId: string;
        name: string;
        kind: string;
        conversationDuration: number;
        priceList: PriceListEntry[];
        promotionalPriceList?: PriceListEntry[] | null;
      },
    ) {
      if (!isPrivileged(meta)) throw unauthorized();
      return deps.commands.execute(meta, async (tx) => {
        const events = decideChangePricingPlan(await loadPricing(tx), input);
        if (events.length) tx.append(catalogStreams.pricingPlans, events);
        return { changed: events.length > 0 };
      });
    },

    async makeDefaultPricingPlan(meta: CommandMeta, input: { pricingPlanId: string }) {
      if (!isPrivileged(meta)) throw unauthorized();
      return deps.commands.execute(meta, async (tx) => {
        tx.append(catalogStreams.pricingPlans, decideMakeDefault(await loadPricing(tx), input));
        return true;
      });
    },
  };
}
export type CatalogHandlers = ReturnType<typeof catalogHandlers>;
