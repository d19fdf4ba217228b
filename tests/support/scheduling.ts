/** Speakers with availability and students with minutes, for scheduling tests. */
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { newId } from '../../services/domain/shared/ids';
import { openSpeakingRecordOnAcceptance } from '../../services/domain/speaking/handlers';
import { signIn, type TestApp } from './app';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

export const AVAILABILITY = `mutation($input: AddAvailabilityInput!) { addAvailability(input: $input) { added availabilityId } }`;
export const OPENINGS = `query($speakerId: ID!, $startTime: DateTime!, $endTime: DateTime!, $zoneName: String!, $duration: Int) {
  availableOpenings(speakerId: $speakerId, startTime: $startTime, endTime: $endTime, zoneName: $zoneName, duration: $duration) { sourceId startTimestamp endTimestamp } }`;
export const RESERVE = `mutation($input: CreateReservationInput!) { createReservation(input: $input) { created conversation { id status reservedStart reservedEnd duration learningLanguage } } }`;
export const CANCEL = `mutation($input: ConversationInput!) { cancelReservation(input: $input) { canceled conversation { id isCanceled } } }`;

/** A promoted, onboarded speaker of `languages`, signed in. */
export async function createSpeaker(app: TestApp, languages = ['es'], password = 'Sp3akerPass!') {
  const emailAddress = unique('speaker');
  const { accountId } = await app.runtime.identity.register({ actor: SYSTEM_ACTOR }, { emailAddress, password, roles: ['SPEAKER'] });
  const { appended } = await app.runtime.speaking.seedPromotedSpeaker(
    { actor: SYSTEM_ACTOR },
    { speakerId: accountId, emailAddress, languages, payRate: 1500 },
  );
  await app.runtime.runner.waitFor(appended?.checkpoint, ['speakers', 'accounts', 'directory']);
  return { accountId, emailAddress, token: await signIn(app, emailAddress, password) };
}

/** A speaker candidate (the interview's subject): signed up, a speaking record, not evaluated yet, signed in. */
export async function createCandidate(app: TestApp, password = 'Sp3akerPass!') {
  const emailAddress = unique('candidate');
  const { accountId } = await app.runtime.identity.register(
    { actor: SYSTEM_ACTOR },
    { emailAddress, password, roles: ['ONBOARDING_SPEAKER'] },
  );
  const { appended } = await app.runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
    openSpeakingRecordOnAcceptance(tx, { invitationId: newId(), accountId, emailAddress, role: 'ONBOARDING_SPEAKER' });
  });
  await app.runtime.runner.waitFor(appended?.checkpoint, ['speakers', 'accounts', 'directory']);
  return { accountId, emailAddress, token: await signIn(app, emailAddress, password) };
}

/** A student holding `minutes`, signed in. */
/** A test student's birthday: an adult's, so a course's lessons record them (an unknown age counts as under age). */
export const ADULT_BIRTHDAY = '1990-05-01';

export async function createStudent(app: TestApp, minutes = 120, password = 'Stud3ntPass!', dateOfBirth: string | null = ADULT_BIRTHDAY) {
  const emailAddress = unique('student');
  const registered = await app.runtime.identity.register({ actor: SYSTEM_ACTOR }, { emailAddress, password, roles: ['STUDENT'] });
  const { accountId } = registered;
  let last = registered.appended?.checkpoint;
  if (dateOfBirth)
    last =
      (await app.runtime.people.changeUser({ actor: SYSTEM_ACTOR }, { accountId, change: { dateOfBirth } })).appended?.checkpoint ?? last;
  if (minutes)
    last = (await app.runtime.billing.changeMinutes({ actor: SYSTEM_ACTOR }, { accountId, minutes, reason: 'test' })).appended?.checkpoint;
  // The directory too: a conversation's participants are read from it (a background read model).
  await app.runtime.runner.waitFor(last, ['minutes', 'directory']);
  return { accountId, emailAddress, token: await signIn(app, emailAddress, password) };
}

/**
 * Availability as the speaker, through the API. Without a zone, one in whose day the interval lies
 * whole (`sameDayZone`: UTC unless it crosses midnight there), so a test that asks for "30 hours
 * from now, for two hours" is not refused at the hours of the day when that crosses midnight in UTC.
 */
export async function addAvailability(
  app: TestApp,
  speaker: { accountId: string; token: string },
  start: Date,
  end: Date,
  zoneName: string = sameDayZone(start, end),
  repeatsWeekly = false,
) {
  const res = await app.gql(
    AVAILABILITY,
    { input: { speakerId: speaker.accountId, startTime: start.toISOString(), endTime: end.toISOString(), zoneName, repeatsWeekly } },
    speaker.token,
  );
  if (res.errors) throw new Error(res.errors[0].message);
  return res.data.addAvailability.availabilityId as string;
}

/** The next whole hour at least `hours` from now (UTC). */
export function hoursAhead(hours: number): Date {
  const t = new Date(Date.now() + hours * 3600_000);
  t.setUTCMinutes(0, 0, 0);
  return new Date(t.getTime() + 3600_000);
}

/**
 * A time zone in whose local day `start`..`end` lies whole (availability may not cross a local
 * midnight): UTC, or Tokyo (nine hours on) when the interval crosses midnight in UTC.
 */
export function sameDayZone(start: Date, end: Date): 'UTC' | 'Asia/Tokyo' {
  const lastInstant = new Date(end.getTime() - 1);
  return start.toISOString().slice(0, 10) === lastInstant.toISOString().slice(0, 10) ? 'UTC' : 'Asia/Tokyo';
}

export const plusMinutes = (t: Date, minutes: number) => new Date(t.getTime() + minutes * 60_000);

export async function balanceOf(app: TestApp, token: string): Promise<number> {
  const res = await app.gql(`{ me { account { remainingMinutes } } }`, {}, token);
  return res.data.me.account.remainingMinutes;
}

/** `hour`:00 UTC on the day `days` from today (UTC). */
export function dayAt(days: number, hour: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour));
}
