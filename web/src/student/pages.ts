import { withMessages } from '../i18n/withMessages';
import { once } from '../lib/lazyNow';

/**
 * The student's pages, a chunk each (issue 11): home does not bring the reservation or enrollment
 * flows; each with its own part of the catalogs (i18n/catalogParts.ts).
 */
export const STUDENT_PAGES = {
  adventures: once(withMessages('studentAdventures', () => import('./adventures/AdventuresPage'))),
  conversations: once(withMessages('studentConversations', () => import('./conversations/ConversationsPage'))),
  courses: once(withMessages('studentCourses', () => import('./courses/CoursesPage'))),
  home: once(withMessages('studentHome', () => import('./home/HomePage'))),
  lobby: once(withMessages('studentLobby', () => import('./lobby/LobbyPage'))),
  reserve: once(withMessages('studentReserve', () => import('./reserve/ReservePage'))),
  settings: once(withMessages('studentSettings', () => import('../settings/StudentSettingsPage'))),
  words: once(withMessages('studentWords', () => import('./words/MyWordsPage'))),
  progress: once(withMessages('studentProgress', () => import('./progress/ProgressPage'))),
};
