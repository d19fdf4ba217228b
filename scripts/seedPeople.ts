/**
 * The demo world's people (issue 28): names, where they live, the instructor's school, a few words
 * about the student, and a portrait each, so a newcomer's first look at the product is a real one
 * (not "Speaker", "Instructor —" or initials). Through the same commands a person's own settings
 * and headshot upload go through. The portraits are drawn here (an SVG: a face and shoulders on a
 * colour of the person's own) and stored as any upload is: re-encoded to a square JPEG.
 */
import sharp from 'sharp';
import type { ProfileField } from '../contracts/validation/profile';
import type { Runtime } from '../services/app/runtime';

/** The demo instructor's school: on their profile and on the courses they own. */
export const DEMO_SCHOOL = 'Colegio Cervantes, Austin';

interface DemoPerson {
  profile: Partial<Record<ProfileField, string>>;
  portrait: { background: string; skin: string; hair: string; shirt: string; longHair: boolean };
}

export const DEMO_PEOPLE: Record<'admin' | 'instructor' | 'speaker' | 'student', DemoPerson> = {
  admin: {
    profile: {
      givenName: 'Marta',
      surname: 'Ruiz',
      displayName: 'Marta R.',
      currentCity: 'Madrid',
      currentCountry: 'Spain',
      tzIdentifier: 'Europe/Madrid',
    },
    portrait: { background: '#cfe3e8', skin: '#e8b895', hair: '#3b2418', shirt: '#1d5c6b', longHair: true },
  },
  instructor: {
    profile: {
      givenName: 'Elena',
      surname: 'Vidal',
      displayName: 'Elena V.',
      currentCity: 'Austin',
      currentState: 'Texas',
      currentCountry: 'United States',
      school: DEMO_SCHOOL,
      tzIdentifier: 'America/Chicago',
    },
    portrait: { background: '#f3dccf', skin: '#c98e66', hair: '#1f1410', shirt: '#a8441f', longHair: true },
  },
  speaker: {
    profile: {
      givenName: 'Sofía',
      surname: 'Martínez',
      displayName: 'Sofía M.',
      currentCity: 'Mexico City',
      currentCountry: 'Mexico',
      previousCity: 'Oaxaca',
      previousCountry: 'Mexico',
      bioHobbiesAre: 'Cooking with my grandmother, street markets, and long walks through Coyoacán.',
      tzIdentifier: 'America/Mexico_City',
    },
    portrait: { background: '#e4d9f0', skin: '#b97c55', hair: '#2a1a12', shirt: '#5e3d8f', longHair: true },
  },
  student: {
    profile: {
      givenName: 'Daniel',
      surname: 'Brooks',
      displayName: 'Daniel B.',
      currentCity: 'New York',
      currentState: 'New York',
      currentCountry: 'United States',
      bioGoalsAre: 'To talk with my partner’s family in Spanish by next summer.',
      bioHobbiesAre: 'Running, jazz records and cooking for friends.',
      tzIdentifier: 'America/New_York',
    },
    portrait: { background: '#dfe9d3', skin: '#f0c8a8', hair: '#8a5a2b', shirt: '#2e7031', longHair: false },
  },
};

/** A simple portrait: head, hair and shoulders on the person's colour, 512 px square. */
export function portraitSvg({ background, skin, hair, shirt, longHair }: DemoPerson['portrait']): string {
  const long = longHair ? `<path d="M156 230 Q150 380 190 420 L322 420 Q362 380 356 230 Z" fill="${hair}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${background}"/>
  ${long}
  <path d="M86 512 Q96 392 256 380 Q416 392 426 512 Z" fill="${shirt}"/>
  <rect x="226" y="320" width="60" height="70" rx="24" fill="${skin}"/>
  <ellipse cx="256" cy="246" rx="92" ry="108" fill="${skin}"/>
  <path d="M162 236 Q164 130 256 128 Q350 130 350 236 Q330 176 256 172 Q186 176 162 236 Z" fill="${hair}"/>
  <circle cx="222" cy="252" r="8" fill="#2b2b2b"/>
  <circle cx="290" cy="252" r="8" fill="#2b2b2b"/>
  <path d="M226 304 Q256 326 286 304" stroke="#7a3b2e" stroke-width="7" fill="none" stroke-linecap="round"/>
</svg>`;
}

/** Names, places, the school and a portrait for each demo account. */
export async function seedDemoPeople(runtime: Runtime, accounts: { label: string; accountId: string; roles: readonly string[] }[]) {
  const admin = { accountId: accounts.find((a) => a.label === 'admin')!.accountId, roles: ['ADMIN'] };
  for (const { label, accountId, roles } of accounts) {
    const person = DEMO_PEOPLE[label as keyof typeof DEMO_PEOPLE];
    if (!person) continue;
    await runtime.people.changeUser({ actor: admin }, { accountId, change: person.profile });
    const png = await sharp(Buffer.from(portraitSvg(person.portrait)))
      .png()
      .toBuffer();
    // The headshot is the person's own upload (the command takes no other account's).
    await runtime.people.uploadHeadshot({ actor: { accountId, roles } }, { accountId, data: png.toString('base64') });
  }
}
