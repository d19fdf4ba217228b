/** The three people lists of the back-office and the detail tabs each has (spec 3, Administrator routes). */
export type PersonTab = 'profile' | 'roles' | 'minutes' | 'enroll' | 'availability' | 'speaking' | 'notifications' | 'security' | 'history';

export interface PeopleKind {
  resource: 'students' | 'instructors' | 'speakers';
  title: string;
  singular: string;
  role: 'STUDENT' | 'INSTRUCTOR' | 'SPEAKER';
  tabs: readonly PersonTab[];
}

export const STUDENTS: PeopleKind = {
  resource: 'students',
  title: 'Students',
  singular: 'student',
  role: 'STUDENT',
  tabs: ['profile', 'roles', 'minutes', 'enroll', 'notifications', 'security', 'history'],
};
export const INSTRUCTORS: PeopleKind = {
  resource: 'instructors',
  title: 'Instructors',
  singular: 'instructor',
  role: 'INSTRUCTOR',
  tabs: ['profile', 'roles', 'notifications', 'security', 'history'],
};
export const SPEAKERS: PeopleKind = {
  resource: 'speakers',
  title: 'Speakers',
  singular: 'speaker',
  role: 'SPEAKER',
  tabs: ['profile', 'availability', 'speaking', 'roles', 'notifications', 'security', 'history'],
};

export const TAB_LABELS: Record<PersonTab, string> = {
  profile: 'Profile',
  roles: 'Roles',
  minutes: 'Minutes',
  enroll: 'Enroll',
  availability: 'Availability',
  speaking: 'Speaking',
  notifications: 'Notifications',
  security: 'Security',
  history: 'History',
};

/** Where a person opens, by the group quick search found them in. */
export const personPath = (resource: PeopleKind['resource'], id: string, tab?: PersonTab) =>
  `/admin/${resource}/${encodeURIComponent(id)}${tab && tab !== 'profile' ? `/${tab}` : ''}`;
