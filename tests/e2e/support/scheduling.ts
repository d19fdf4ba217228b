/**
 * Shared set-up for the scheduling browser tests (availability.test.ts, reserve.test.ts): a promoted speaker with weekly availability in their
 * own zone, a student enrolled in a course with a stored zone, and the DST arithmetic the tests
 * check against (luxon, as the product uses).
 *
 * The speaker is registered and promoted through the speaking handlers (the admin's invitation,
 * interview and promotion are the speaker-lifecycle browser test's subject); their profile and
 * availability go through the GraphQL API as the speaker themself.
 */
import { DateTime } from 'luxon';
import { RESERVE, createSpeaker, createStudent } from '../../support/scheduling';
import type { TestApp } from '../../support/app';
import { createCourseAsSystem, createPlans, ENROLL } from '../../support/enrollment';

export const CHANGE_USER = `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed user { id tzIdentifier displayName } } }`;
const ADD_AVAILABILITY = `mutation($input: AddAvailabilityInput!) { addAvailability(input: $input) { added availabilityId } }`;

async function gqlOk(app: TestApp, query: string, variables: Record<string, unknown>, token: string) {
  const res = await app.gql(query, variables, token);
  if (res.errors) throw new Error(`${res.errors[0].message} (${res.errors[0].extensions?.code})`);
  return res.data;
}

export interface SpeakerAccount {
  accountId: string;
  token: string;
  emailAddress: string;
  password: string;
  displayName: string;
  zone: string;
}
/** The reservation tests' name for it. */
export type SpeakerSetup = SpeakerAccount;

const SPEAKER_PASSWORD = 'Sp3akerPass!';

/** A promoted, onboarded speaker of `languages` with a display name and a stored zone, signed in. */
export async function promotedSpeaker(
  app: TestApp,
  { languages = ['es'], zone, displayName = 'Sofia M.' }: { languages?: string[]; zone: string; displayName?: string },
): Promise<SpeakerAccount> {
  const speaker = await createSpeaker(app, languages, SPEAKER_PASSWORD);
  await gqlOk(app, CHANGE_USER, { input: { displayName, tzIdentifier: zone } }, speaker.token);
  return {
    accountId: speaker.accountId,
    token: speaker.token,
    emailAddress: speaker.emailAddress,
    password: SPEAKER_PASSWORD,
    displayName,
    zone,
  };
}

/** A student (STUDENT role, onboarded) holding `minutes`, signed in. */
export async function studentWithMinutes(app: TestApp, minutes: number) {
  const password = 'Stud3ntPass!';
  return { ...(await createStudent(app, minutes, password)), password };
}

/** A reservation of 15 minutes in Spanish made through the API; its conversation id. */
export async function reserveThroughApi(app: TestApp, student: { token: string }, speakerId: string, start: Date): Promise<string> {
  const data = await gqlOk(
    app,
    RESERVE,
    { input: { speakerId, reservedStart: start.toISOString(), language: 'es', duration: 15 } },
    student.token,
  );
  return data.createReservation.conversation.id;
}

/** The instant of a wall-clock time on a day in a zone. */
export const wallClock = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time}`, { zone });

/** Weekly availability from `from` to `to` (HH:mm) on `date` in the speaker's zone, as the speaker. */
export async function addWeeklyAvailability(app: TestApp, speaker: SpeakerSetup, date: string, from: string, to: string): Promise<string> {
  const data = await gqlOk(
    app,
    ADD_AVAILABILITY,
    {
      input: {
        speakerId: speaker.accountId,
        startTime: wallClock(date, from, speaker.zone).toUTC().toISO(),
        endTime: wallClock(date, to, speaker.zone).toUTC().toISO(),
        zoneName: speaker.zone,
        repeatsWeekly: true,
      },
    },
    speaker.token,
  );
  return data.addAvailability.availabilityId;
}

/** A student (STUDENT role, onboarded) in `zone`, enrolled in an institutional Spanish course of 4 × 15 minutes (60 minutes). */
export async function enrolledStudent(app: TestApp, { zone, courseName }: { zone: string; courseName: string }) {
  const student = await createStudent(app, 0, 'Stud3ntPass!');
  await gqlOk(app, CHANGE_USER, { input: { displayName: 'Ada S.', tzIdentifier: zone } }, student.token);
  const plans = await createPlans(app).catch(() => null);
  const planId = plans?.institutional ?? (await institutionalPlanId(app));
  const course = await createCourseAsSystem(app, {
    name: courseName,
    language: 'es',
    pricingPlanId: planId,
    school: 'Lincoln High',
    completionRequirement: 4,
    durationRequirement: 15,
  });
  await gqlOk(app, ENROLL, { input: { inviteNumber: course.inviteNumber } }, student.token);
  return { ...student, password: 'Stud3ntPass!', course };
}

async function institutionalPlanId(app: TestApp): Promise<string> {
  const { rows } = await app.runtime.pool.query(`SELECT id FROM rm_catalog.pricing_plans WHERE kind = 'institutional' LIMIT 1`);
  return rows[0].id;
}

/** The first change of a zone's UTC offset after `from` within `days` (hour steps), or null. */
export function offsetChange(zone: string, from: DateTime, days: number): DateTime | null {
  let previous = from.setZone(zone).offset;
  for (let h = 1; h <= days * 24; h++) {
    const t = from.plus({ hours: h }).setZone(zone);
    if (t.offset !== previous) return t;
    previous = t.offset;
  }
  return null;
}

export const DST_ZONES = ['America/New_York', 'Europe/Madrid', 'Australia/Sydney', 'America/Santiago', 'Pacific/Auckland'];

/** A zone of DST_ZONES whose offset changes between 2 and 6 days after `now`, with the change. */
export function dstWindow(now: DateTime): { zone: string; change: DateTime } | null {
  for (const zone of DST_ZONES) {
    const change = offsetChange(zone, now.plus({ days: 2 }), 4);
    if (change) return { zone, change };
  }
  return null;
}

/** The next instant from `now` at which some DST_ZONES zone changes its offset 3 days later (for shifting the clock there). */
export function nextDstWindowStart(now: DateTime): { at: DateTime; zone: string; change: DateTime } {
  for (let day = 0; day < 400; day++) {
    const at = now.plus({ days: day });
    const found = dstWindow(at);
    if (found) return { at, ...found };
  }
  throw new Error('no DST change within a year');
}

/** The local 'h:mma' and calendar day of an instant in a zone, as the product shows them. */
export const shownTime = (t: DateTime, zone: string) => t.setZone(zone).setLocale('en-US').toFormat('h:mma');
export const shownDay = (t: DateTime, zone: string, locale = 'en-GB') =>
  DateTime.fromISO(t.setZone(zone).toISODate()!, { zone: 'utc' })
    .setLocale(locale)
    .toLocaleString({ weekday: 'short', month: 'short', day: 'numeric' });
