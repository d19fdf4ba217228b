import type { PriceAgreementKind, Proficiency } from '../../../contracts/enrollment';
import type { PriceListEntry } from '../../../contracts/validation/pricing';
import type { DomainEvent } from '../shared/decider';

/**
 * Events of the catalog context. Streams: course-<id> (a course or an adventure and its lessons),
 * template-<id>, invite-<number> (the number belongs to one course, for ever), pricing-plans (every
 * pricing plan, so "one system default" is one stream's invariant).
 */
export type CourseKind = 'regular' | 'adventure';

export interface PriceAgreement {
  id: string;
  kind: PriceAgreementKind;
  pricingPlanId: string | null;
  /** Price of one conversation of the course's duration, minor units; null: 'Contact Sales'. */
  unitPrice: number | null;
  currency: string;
}

/**
 * Schema version 2: startDate and endDate are calendar dates 'YYYY-MM-DD' (an adventure starts the
 * day it was made and has no end). Version 1 held ISO instants; ./upcasters.ts lifts them on read.
 */
export type CourseCreated = DomainEvent<
  'CourseCreated',
  {
    courseId: string;
    kind: CourseKind;
    name: string;
    language: string;
    proficiency: Proficiency;
    startDate: string;
    endDate: string | null;
    inviteNumber: string;
    completionRequirement: number;
    durationRequirement: number;
    ownerId: string | null;
    school: string | null;
    priceAgreement: PriceAgreement;
    templateId: string | null;
  }
>;

export type LessonAssigned = DomainEvent<
  'LessonAssigned',
  {
    courseId: string;
    lessonAssignmentId: string;
    lessonId: string;
    title: string;
    discussionTopic: string | null;
    privateNote: string | null;
    /** A calendar date 'YYYY-MM-DD' (every LessonAssigned stored so far has null: none to upcast). */
    dueOn: string | null;
    order: number;
  }
>;

/** The instructor changed a lesson's discussion topic (issue 11); every field in its new form. */
export type LessonChanged = DomainEvent<
  'LessonChanged',
  {
    courseId: string;
    lessonId: string;
    title: string;
    discussionTopic: string;
    privateNote: string | null;
  }
>;

/** A lesson's due date changed (a calendar date, or null: none). */
export type LessonAssignmentChanged = DomainEvent<
  'LessonAssignmentChanged',
  { courseId: string; lessonAssignmentId: string; dueOn: string | null }
>;

/** A course offered to a person by email address (provisioning); gainOwnership: accepting makes them its owner. */
export type CourseShareInvited = DomainEvent<
  'CourseShareInvited',
  {
    courseId: string;
    inviteId: string;
    emailAddress: string;
    gainOwnership: boolean;
    invitedBy: string | null;
  }
>;
export type CourseShareInviteAccepted = DomainEvent<
  'CourseShareInviteAccepted',
  { courseId: string; inviteId: string; accountId: string; gainOwnership: boolean }
>;
export type CourseShareInviteRejected = DomainEvent<'CourseShareInviteRejected', { courseId: string; inviteId: string; accountId: string }>;

/** The owner (or an admin) deleted the course (removeCourse, issue 11): it had no students; its invite number is never reused. */
export type CourseRemoved = DomainEvent<'CourseRemoved', { courseId: string }>;

/**
 * The owner (or an admin) edited the course (changeCourse, docs/decisions/course-edit.md "Course edit"): every
 * field in its new form. A changed lesson count comes with LessonAssigned (added at the end) or
 * LessonRemoved (the last ones) in the same append; a changed duration with the agreement repriced
 * for it from the agreement's plan.
 */
export type CourseChanged = DomainEvent<
  'CourseChanged',
  {
    courseId: string;
    name: string;
    language: string;
    proficiency: Proficiency;
    /** Calendar dates 'YYYY-MM-DD'. */
    startDate: string;
    endDate: string;
    completionRequirement: number;
    durationRequirement: number;
    priceAgreement: PriceAgreement;
  }
>;

/** A lesson (and its assignment) taken off the end of a course whose lesson count was lowered; no student had attempted it. */
export type LessonRemoved = DomainEvent<'LessonRemoved', { courseId: string; lessonAssignmentId: string; lessonId: string }>;

/**
 * The owner (or an admin) set "Allow recording students under <age>" (issue 34): a lesson of an
 * under-age student is recorded only while it is on (docs/decisions/recordings.md).
 */
export type CourseRecordingConsentChanged = DomainEvent<
  'CourseRecordingConsentChanged',
  { courseId: string; allowRecordingUnderAge: boolean }
>;

/**
 * The owner (or an admin) set how many days after the course ends its recordings are kept (issue
 * 34); null: the school's default again.
 */
export type CourseRetentionChanged = DomainEvent<'CourseRetentionChanged', { courseId: string; retentionDays: number | null }>;

export type CourseEvent =
  | CourseCreated
  | CourseRecordingConsentChanged
  | CourseRetentionChanged
  | CourseChanged
  | LessonAssigned
  | LessonRemoved
  | LessonChanged
  | LessonAssignmentChanged
  | CourseShareInvited
  | CourseShareInviteAccepted
  | CourseShareInviteRejected
  | CourseRemoved;

export type TemplateCreated = DomainEvent<
  'TemplateCreated',
  {
    templateId: string;
    name: string;
    language: string;
    proficiency: Proficiency;
    completionRequirement: number;
    durationRequirement: number;
    ownerId: string | null;
    priceAgreementKind: PriceAgreementKind;
  }
>;

export type TemplateChanged = DomainEvent<
  'TemplateChanged',
  {
    templateId: string;
    name: string;
    language: string;
    proficiency: Proficiency;
    completionRequirement: number;
    durationRequirement: number;
  }
>;
export type TemplateRemoved = DomainEvent<'TemplateRemoved', { templateId: string }>;
export type TemplateEvent = TemplateCreated | TemplateChanged | TemplateRemoved;

export type InviteNumberClaimed = DomainEvent<'InviteNumberClaimed', { inviteNumber: string; courseId: string }>;

export type { PriceListEntry };

export type PricingPlanCreated = DomainEvent<
  'PricingPlanCreated',
  {
    pricingPlanId: string;
    name: string;
    kind: PriceAgreementKind;
    conversationDuration: number;
    priceList: PriceListEntry[];
    promotionalPriceList: PriceListEntry[] | null;
    systemDefault: boolean;
  }
>;
/** A plan's terms edited by an admin (courses keep the agreement they were made with). */
export type PricingPlanChanged = DomainEvent<'PricingPlanChanged', Omit<PricingPlanCreated['data'], 'systemDefault'>>;
export type SystemDefaultPricingPlanChanged = DomainEvent<'SystemDefaultPricingPlanChanged', { pricingPlanId: string }>;
export type PricingEvent = PricingPlanCreated | PricingPlanChanged | SystemDefaultPricingPlanChanged;

export const catalogStreams = {
  course: (courseId: string) => `course-${courseId}`,
  template: (templateId: string) => `template-${templateId}`,
  invite: (inviteNumber: string) => `invite-${inviteNumber}`,
  pricingPlans: 'pricing-plans',
};
