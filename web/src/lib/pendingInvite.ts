/**
 * An invite number kept for the browser session between /join/{inviteNumber} and the student's
 * course enrollment (spec 1, Student enrollment routes), so it survives signing in or up.
 */
const KEY = 'tertulia.pendingInviteNumber';

export function savePendingInvite(inviteNumber: string): void {
  try {
    sessionStorage.setItem(KEY, inviteNumber);
  } catch {
    // storage disabled: the student can still type the number
  }
}

/** Returns the stored invite number once and forgets it. */
export function takePendingInvite(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return value;
  } catch {
    return null;
  }
}
