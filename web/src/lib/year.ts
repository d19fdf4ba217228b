/**
 * The year on this device's clock. Apart from time.ts (which re-exports it) so that the auth
 * card's footer needs none of the date helpers (it kept luxon off the sign-in page until time.ts
 * left luxon, issue 31).
 */
export function currentYear(): number {
  return new Date().getFullYear();
}
