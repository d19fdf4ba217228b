/** What is known of the other participant's presence, and since when (ms since the epoch). */
export interface PresenceWord {
  present: boolean;
  at: number;
}

/**
 * The newer word wins, whichever way it came. A poll's answer counts from when it was asked, not
 * when it came back: the other participant may arrive while it is on its way, and the
 * subscription's message saying so must not be overwritten by the older answer.
 */
export const newerPresence = (current: PresenceWord | null, next: PresenceWord): PresenceWord =>
  current && current.at > next.at ? current : next;
