/** The student's pages, a chunk each (issue 11): home does not bring the reservation or enrollment flows. */
export const STUDENT_PAGES = {
  adventures: () => import('./adventures/AdventuresPage'),
  conversations: () => import('./conversations/ConversationsPage'),
  courses: () => import('./courses/CoursesPage'),
  home: () => import('./home/HomePage'),
  lobby: () => import('./lobby/LobbyPage'),
  reserve: () => import('./reserve/ReservePage'),
  settings: () => import('../settings/StudentSettingsPage'),
};
