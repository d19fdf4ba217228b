/**
 * The year on this device's clock. Apart from time.ts (which re-exports it) so that the auth
 * card's footer does not load luxon on the sign-in page.
 */
export function currentYear(): number {
  return new Date().getFullYear();
}
