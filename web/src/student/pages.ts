import { withMessages } from '../i18n/withMessages';

/**
 * The student's pages, a chunk each (issue 11): home does not bring the reservation or enrollment
 * flows; each with its own part of the catalogs (i18n/catalogParts.ts).
 */
export const STUDENT_PAGES = {
  adventures: withMessages('studentAdventures', () => import('./adventures/AdventuresPage')),
  conversations: withMessages('studentConversations', () => import('./conversations/ConversationsPage')),
  courses: withMessages('studentCourses', () => import('./courses/CoursesPage')),
  home: withMessages('studentHome', () => import('./home/HomePage')),
  lobby: withMessages('studentLobby', () => import('./lobby/LobbyPage')),
  reserve: withMessages('studentReserve', () => import('./reserve/ReservePage')),
  settings: withMessages('studentSettings', () => import('../settings/StudentSettingsPage')),
  words: withMessages('studentWords', () => import('./words/MyWordsPage')),
  progress: withMessages('studentProgress', () => import('./progress/ProgressPage')),
};
