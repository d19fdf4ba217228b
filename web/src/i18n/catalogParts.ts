/**
 * How a locale's messages are split into chunks (issue 32, issue 31's first load). The first part
 * (the sign-in and sign-up pages, the shell, the shared words and the contracts' known messages)
 * comes before the first render. Every other part is loaded with the code that shows it
 * (`withMessages(part, () => import(…))`, i18n/withMessages.ts): the signed-in shell's with the
 * access check, an area's with the area (a student's, with each of the student's pages, as their
 * code is). A part holds the ids starting with one of its prefixes (a whole id counts as a prefix);
 * an id can be in several parts (the notes' words are a student's, a speaker's, an instructor's and
 * an admin's). The build splits each catalog by this table (web/vite.config.ts);
 * catalogParts.test.ts fails when code names an id of a part not loaded with it, or an id is in no part.
 */
export const FIRST_PAGE_PREFIXES = ['auth', 'shell', 'common', 'error', 'time', 'known'] as const;

const CONVERSATION_HEADINGS = ['conversation.heading', 'conversation.staff', 'conversation.interview', 'conversation.testCall'];
/** The onboarding dialogs' steps and the profile fields they share with the settings. */
const ONBOARDING = [
  'onboarding',
  'profile.field',
  'profile.gender',
  'profile.birthdayHelp',
  'profile.timeZoneHelp',
  'profile.headshot',
  'profile.count',
];

export const PARTS = {
  /**
   * What the signed-in shell shows around every area (the access check, the test call's notice, the
   * zone offer, the language setting, the notes' refusals); loaded with the access check and every
   * part below. Its ids are not in the first part, though their prefixes are: no signed-out page shows them.
   */
  signedIn: [
    'testCall',
    'roles',
    'known.notes',
    'known.profile',
    'known.instructor',
    'known.maximumCharacters',
    'known.course',
    'known.enrollment',
    'known.after',
    'known.speaker',
    'known.scheduling',
    'settings',
    'time.zoneOffer',
    'shell.language.browser',
    'shell.checkingRoles',
    'shell.tryAgain',
    'common.keepIt',
    'dataExport',
    'erasure',
    'dataAccess',
  ],
  studentHome: ['student.home'],
  studentCourses: ['student.courses', 'student.enroll', 'enrollment', 'student.reserve.topicToBeAnnounced', 'payments'],
  studentAdventures: [
    'student.adventures',
    'enrollment',
    'student.enroll.reserveFirst',
    'student.courses.level',
    'student.reserve.minutes',
    'payments',
  ],
  studentReserve: ['student.reserve'],
  studentConversations: [
    'student.conversations',
    'conversation.archive.keptUntil',
    'student.makeUp',
    'enrollment.outcome',
    'notes',
    'speakingTime',
    'conversation.rating',
    'words.title',
    'progress.link',
    'student.home.aSpeaker',
    'student.lobby.yourSpeaker',
    'payments',
    'conversation.archive',
  ],
  studentLobby: [
    'student.lobby',
    'compatibility',
    'conversation.chat',
    'conversation.willRecord',
    'conversation.willNotRecord',
    'conversation.freeTopic',
    'student.home.upcomingLine',
    'student.reserve.topicToBeAnnounced',
  ],
  studentWords: ['words', 'notes.why'],
  studentProgress: ['progress', 'classView.state'],
  studentSettings: ['student.settings', 'profile', 'security', 'compatibility', 'minutes'],
  speaker: [
    'speaker',
    'notes',
    'speakingTime',
    'conversation.chat',
    'conversation.mark',
    'conversation.rating',
    'conversation.participants',
    'conversation.side.noCourse',
    ...CONVERSATION_HEADINGS,
    'security.title',
  ],
  /** The instructor's area (its sidebar, search and the courses, its landing page); each of its other pages comes with its own. */
  instructor: [
    'instructor.nav',
    'instructor.search',
    'instructor.courses',
    'instructor.onboarding',
    ...ONBOARDING,
    'security.title',
    'course',
  ],
  instructorCourse: [
    'instructor.course',
    'instructor.courseForm.cancel',
    'instructor.students.loading',
    'classView.tab',
    'classView.loading',
    'ltiRoster',
    'ltiScores',
    'course',
  ],
  /** A course's students tab, loaded when opened. */
  instructorCourseStudents: ['instructor.students', 'student.conversations.row'],
  instructorClassView: ['classView'],
  instructorCourseForm: ['instructor.courseForm', 'student.courses.level'],
  instructorTemplates: [
    'instructor.templates',
    'student.courses.level',
    'instructor.courseForm',
    'instructor.course.facts',
    'instructor.course.dates',
    'course',
  ],
  instructorGallery: ['instructor.gallery'],
  /** Placing a course or a lesson in the LMS (LTI deep linking, issue 33). */
  instructorLti: ['ltiPick'],
  instructorConversation: ['instructor.conversation', 'notes', 'speakingTime', 'student.conversations.row', 'conversation.archive'],
  /** The back-office's frame (its sidebar and quick search) and its landing page, the dashboard, which paints without react-admin. */
  admin: ['admin.area', 'admin.nav', 'admin.search', 'admin.dashboard', 'admin.status', 'admin.marking', 'admin.lti.nav'],
  /** The back-office's react-admin pages (admin/BackOffice.tsx), loaded when the admin first leaves the dashboard; they show the staff's shared components too. */
  adminPages: [
    'admin',
    'notes',
    'conversation.participants',
    'conversation.rating.outOf',
    'conversation.archive',
    'profile',
    'security',
    'availability',
    'payroll',
    'support.messages',
    'minutes',
    'course',
    ...CONVERSATION_HEADINGS,
  ],
  /** The staff's settings pages (a speaker's, an instructor's; the admin's come with the admin's area). */
  settings: ['profile', 'security'],
  /** A speaker's availability calendar and its dialogs. */
  availability: ['availability'],
  /** A speaker's pay by month. */
  payroll: ['payroll'],
  /** The equipment check (camera, microphone, browser, connection), a speaker's page of its own. */
  compatibility: ['compatibility'],
  /** The onboarding dialogs' steps (a student's, a speaker's; the instructor's come with the instructor's area). */
  onboarding: ONBOARDING,
  /** The support chat's box, loaded when a signed-in visitor opens it. */
  support: ['support'],
  /** "Sign in with your school" (issue 33), away from the sign-in page's first load. */
  schoolSignIn: ['schoolSignIn'],
  /** The join link's page signed out (the course's name, a new account first), away from the sign-in page's first load. */
  join: ['auth.join'],
  /** The room (/conversation/*). */
  conversation: ['conversation', 'student.reserve.topicToBeAnnounced'],
} as const satisfies Record<string, readonly string[]>;

export type Part = keyof typeof PARTS;
export const PART_NAMES = Object.keys(PARTS) as Part[];

const startsWith = (id: string, prefix: string) => id === prefix || id.startsWith(`${prefix}.`);

export const inPart = (id: string, part: Part): boolean => PARTS[part].some((prefix) => startsWith(id, prefix));

/** Parts of signed-out pages: they come alone, without the signed-in shell's. */
const SIGNED_OUT_PARTS: readonly Part[] = ['schoolSignIn', 'join'];
/** Parts whose ids the first part leaves out, though their prefixes are the first page's. */
const AWAY_FROM_FIRST_PAGE: readonly Part[] = ['signedIn', 'join'];

export const onFirstPage = (id: string): boolean =>
  FIRST_PAGE_PREFIXES.some((prefix) => startsWith(id, prefix)) && !AWAY_FROM_FIRST_PAGE.some((part) => inPart(id, part));

/** The parts that load together with `part`: the signed-in shell's comes with every part of a signed-in page. */
export const partsWith = (part: Part): Part[] => (part === 'signedIn' || SIGNED_OUT_PARTS.includes(part) ? [part] : ['signedIn', part]);
