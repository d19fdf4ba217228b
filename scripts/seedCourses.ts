/**
 * The demo world's courses (issue 4), made through the same command handlers as everything else:
 * the system default pricing plan (standard), an institutional plan, two courses of the demo
 * instructor (one paid by card or code, one institutional) and adventures in Spanish and French.
 * The invite numbers are recorded in the seed stream so that start-up can print them.
 */
import { addDays, todayIn } from '../contracts/calendarDate';
import type { Runtime } from '../services/app/runtime';
import { SYSTEM_ACTOR } from '../services/domain/shared/decider';
import { DEMO_SCHOOL } from './seedPeople';

const SEED_STREAM = 'seed-demo';

export async function seedCourses(runtime: Runtime, ids: Record<string, string>) {
  const meta = { actor: SYSTEM_ACTOR };
  const standard = await runtime.catalog.createPricingPlan(meta, {
    name: 'Standard',
    kind: 'standard',
    conversationDuration: 15,
    systemDefault: true,
    priceList: [
      { conversationDuration: 15, unitPrice: 1500 },
      { conversationDuration: 30, unitPrice: 2500 },
    ],
  });
  const institutional = await runtime.catalog.createPricingPlan(meta, {
    name: 'Institutional',
    kind: 'institutional',
    conversationDuration: 15,
    priceList: [],
  });
  // A term that began a week ago and ends in four months (calendar dates, in the default time zone).
  const today = todayIn(null);
  const term = { startDate: addDays(today, -7), endDate: addDays(today, 120) };
  const paid = await runtime.catalog.createCourse(meta, {
    name: 'Conversational Spanish I',
    language: 'es',
    proficiency: 'beginner',
    completionRequirement: 6,
    durationRequirement: 15,
    ownerId: ids.instructor,
    school: DEMO_SCHOOL,
    pricingPlanId: standard.result.pricingPlanId,
    ...term,
  });
  const school = await runtime.catalog.createCourse(meta, {
    name: 'French for Travelers (school-paid)',
    language: 'fr',
    proficiency: 'intermediate',
    completionRequirement: 4,
    durationRequirement: 30,
    ownerId: ids.instructor,
    school: DEMO_SCHOOL,
    pricingPlanId: institutional.result.pricingPlanId,
    ...term,
  });
  const adventures: [string, string, string, number, number][] = [
    ['Tapas and Small Talk', 'es', 'beginner', 3, 15],
    ['Debating in Madrid', 'es', 'advanced', 4, 30],
    ['A Weekend in Paris', 'fr', 'beginner', 3, 15],
    ['French Cinema Club', 'fr', 'intermediate', 4, 30],
  ];
  for (const [name, language, proficiency, completionRequirement, durationRequirement] of adventures) {
    await runtime.catalog.createCourse(meta, {
      kind: 'adventure',
      name,
      language,
      proficiency,
      completionRequirement,
      durationRequirement,
      ownerId: null,
    });
  }
  await runtime.commands.execute(meta, async (tx) => {
    await tx.read(SEED_STREAM);
    tx.append(
      SEED_STREAM,
      [
        {
          type: 'DemoCoursesSeeded',
          data: {
            courses: [
              { name: 'Conversational Spanish I (card or code)', inviteNumber: paid.result.inviteNumber },
              { name: 'French for Travelers (institutional)', inviteNumber: school.result.inviteNumber },
            ],
          },
        },
      ],
      'any',
    );
  });
}

/** The demo courses' invite numbers, for the start-up banner. */
export async function demoInviteNumbers(runtime: Runtime): Promise<{ name: string; inviteNumber: string }[]> {
  const events = await runtime.store.readStream(SEED_STREAM);
  return events.filter((e) => e.type === 'DemoCoursesSeeded').flatMap((e) => e.data.courses);
}
