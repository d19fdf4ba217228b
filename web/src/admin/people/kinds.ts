/** The three people lists of the back-office and the detail tabs each has (spec 3, Administrator routes). */
import type { MessageId } from '../../i18n/catalog';

export type PersonTab = 'profile' | 'roles' | 'minutes' | 'enroll' | 'availability' | 'speaking' | 'notifications' | 'security' | 'history';

export interface PeopleKind {
  resource: 'students' | 'instructors' | 'speakers';
  title: MessageId;
  role: 'STUDENT' | 'INSTRUCTOR' | 'SPEAKER';
  tabs: readonly PersonTab[];
}

export const STUDENTS: PeopleKind = {
  resource: 'students',
  title: 'admin.nav.students',
  role: 'STUDENT',
  tabs: ['profile', 'roles', 'minutes', 'enroll', 'notifications', 'security', 'history'],
};
export const INSTRUCTORS: PeopleKind = {
  resource: 'instructors',
  title: 'admin.nav.instructors',
  role: 'INSTRUCTOR',
  tabs: ['profile', 'roles', 'notifications', 'security', 'history'],
};
export const SPEAKERS: PeopleKind = {
  resource: 'speakers',
  title: 'admin.nav.speakers',
  role: 'SPEAKER',
  tabs: ['profile', 'availability', 'speaking', 'roles', 'notifications', 'security', 'history'],
};

/** Where a person opens, by the group quick search found them in. */
export const personPath = (resource: PeopleKind['resource'], id: string, tab?: PersonTab) =>
  `/admin/${resource}/${encodeURIComponent(id)}${tab && tab !== 'profile' ? `/${tab}` : ''}`;
