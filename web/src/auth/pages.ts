/** The auth pages, one chunk each (./index.tsx); the shell preloads the first one (shell/routeModules.ts). */
export const AUTH_PAGES = {
  sign_in: () => import('./SignInPage'),
  sign_up: () => import('./SignUpPage'),
  request_password_reset: () => import('./RequestPasswordResetPage'),
  password_reset: () => import('./PasswordResetPage'),
  role_selection: () => import('./RoleSelectionPage'),
  sign_out: () => import('./SignOutPage'),
};
