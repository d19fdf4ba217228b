/**
 * The demo world of the embedded default, created on first start through the same command
 * handlers a user's actions go through (never by writing read models). Its accounts and passwords
 * are printed at start-up and listed in the README.
 */
import type { Role } from '../contracts/roles';
import type { Runtime } from '../services/app/runtime';
import { DateTime } from 'luxon';
import { SYSTEM_ACTOR } from '../services/domain/shared/decider';
import { seedCourses } from './seedCourses';
import { seedDemoPeople } from './seedPeople';

export const DEMO_ACCOUNTS: { emailAddress: string; password: string; roles: Role[]; label: string }[] = [
  { label: 'admin', emailAddress: 'admin@tertulia.local', password: 'Admin-Tertulia-1', roles: ['ADMIN'] },
  { label: 'instructor', emailAddress: 'instructor@tertulia.local', password: 'Instructor-Tertulia-1', roles: ['INSTRUCTOR'] },
  { label: 'speaker', emailAddress: 'speaker@tertulia.local', password: 'Speaker-Tertulia-1', roles: ['SPEAKER'] },
  { label: 'student', emailAddress: 'student@tertulia.local', password: 'Student-Tertulia-1', roles: ['STUDENT'] },
];

const SEED_STREAM = 'seed-demo';

/** Seeds once per database; returns false when it had already been done. */
export async function seedDemo(runtime: Runtime): Promise<boolean> {
  const { result: fresh } = await runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
    if ((await tx.read(SEED_STREAM)).length) return false;
    tx.append(SEED_STREAM, [{ type: 'DemoSeedStarted', data: { accounts: DEMO_ACCOUNTS.map((a) => a.emailAddress) } }]);
    return true;
  });
  if (!fresh) return false;
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const grant = await runtime.identity.register({ actor: SYSTEM_ACTOR }, account);
    ids[account.label] = grant.accountId;
  }
  await seedDemoPeople(
    runtime,
    DEMO_ACCOUNTS.map((a) => ({ label: a.label, accountId: ids[a.label], roles: a.roles })),
  );
  const admin = { accountId: ids.admin, roles: ['ADMIN'] };
  await runtime.billing.changeMinutes(
    { actor: admin },
    { accountId: ids.student, minutes: 60, reason: 'Welcome minutes for the demo student' },
  );
  // Speakers (issue 8): the demo speaker is promoted, speaks Spanish and English, paid $15.00 an hour.
  await runtime.speaking.seedPromotedSpeaker(
    { actor: admin },
    { speakerId: ids.speaker, emailAddress: 'speaker@tertulia.local', languages: ['es', 'en'], payRate: 1500 },
  );
  await seedDemoAvailability(runtime, ids.speaker);
  await seedCourses(runtime, ids);
  return true;
}

/** The demo speaker's week: every day 9:00–21:00 in New York, repeating weekly, so there is something to reserve. */
async function seedDemoAvailability(runtime: Runtime, speakerId: string) {
  const zoneName = 'America/New_York';
  const today = DateTime.now().setZone(zoneName).startOf('day');
  for (let day = 0; day < 7; day++) {
    const date = today.plus({ days: day });
    await runtime.scheduling.addAvailability(
      { actor: { accountId: speakerId, roles: ['SPEAKER'] } },
      {
        speakerId,
        interval: { start: date.set({ hour: 9 }).toJSDate(), end: date.set({ hour: 21 }).toJSDate() },
        zoneName,
        repeatsWeekly: true,
      },
    );
  }
}
