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

/** Reads the stored invite number without forgetting it (the enrollment flow clears it once used). */
export function peekPendingInvite(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearPendingInvite(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled
  }
}
