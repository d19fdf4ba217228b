/**
 * The student's pages, one chunk each (issue 11, first load): home does not bring the reservation
 * or enrollment flows. The router (./index.tsx) renders them lazily; the shell asks for the first
 * page's chunk as the app starts (shell/routeModules.ts), beside the area's.
 */
export const STUDENT_PAGES = {
  home: () => import('./home/HomePage'),
  courses: () => import('./courses/CoursesPage'),
  adventures: () => import('./adventures/AdventuresPage'),
  reserve: () => import('./reserve/ReservePage'),
  conversations: () => import('./conversations/ConversationsPage'),
  lobby: () => import('./lobby/LobbyPage'),
  settings: () => import('../settings/StudentSettingsPage'),
};
