/**
 * The student's progress page (issue 35): their held conversations gathered into weeks of their own
 * time zone (docs/decisions/student-progress.md). A week is the ISO week, Monday to Sunday, named by
 * its Monday.
 */
import { addDays, mondayOf } from './calendarDate';

/** Weeks the page shows unless asked otherwise, and at most (half a year). */
export const PROGRESS_WEEKS_DEFAULT = 12;
export const PROGRESS_WEEKS_MAX = 26;
/** Courses the page lists at most (the student's current and upcoming ones). */
export const PROGRESS_COURSES_MAX = 20;

/** One of the student's conversations whose clock ran. */
export interface HeldConversation {
  startedAt: Date;
  heldSeconds: number;
  /** Seconds the student spoke; null when their browser reported nothing (no measurement). */
  spokenSeconds: number | null;
  corrections: number;
  newWords: number;
}

export interface ProgressWeek {
  /** The week's Monday, YYYY-MM-DD. */
  weekOf: string;
  conversationsHeld: number;
  secondsHeld: number;
  secondsSpoken: number;
  /**
   * Seconds spoken over seconds held, in the week's conversations with a measurement only (a
   * conversation nobody measured would read as silence); null when none was measured.
   */
  speakingShare: number | null;
  corrections: number;
  newWords: number;
}

/** The Monday of the oldest of `weeks` weeks ending with this one. */
export const firstWeekOf = (weeks: number, zone: string | null | undefined, now: Date): string =>
  addDays(mondayOf(now, zone), -7 * (weeks - 1));

/** `weeks` weeks, oldest first, ending with the current one; weeks without a conversation hold zeros. */
export function progressWeeks(
  held: readonly HeldConversation[],
  zone: string | null | undefined,
  weeks: number,
  now: Date,
): ProgressWeek[] {
  const first = firstWeekOf(weeks, zone, now);
  const byWeek = new Map<string, ProgressWeek & { measuredHeld: number; measuredSpoken: number }>();
  for (let i = 0; i < weeks; i++) {
    const weekOf = addDays(first, 7 * i);
    byWeek.set(weekOf, {
      weekOf,
      conversationsHeld: 0,
      secondsHeld: 0,
      secondsSpoken: 0,
      speakingShare: null,
      corrections: 0,
      newWords: 0,
      measuredHeld: 0,
      measuredSpoken: 0,
    });
  }
  for (const c of held) {
    const week = byWeek.get(mondayOf(c.startedAt, zone));
    if (!week) continue;
    week.conversationsHeld++;
    week.secondsHeld += c.heldSeconds;
    week.corrections += c.corrections;
    week.newWords += c.newWords;
    if (c.spokenSeconds === null) continue;
    week.secondsSpoken += c.spokenSeconds;
    week.measuredHeld += c.heldSeconds;
    week.measuredSpoken += c.spokenSeconds;
  }
  return [...byWeek.values()].map(({ measuredHeld, measuredSpoken, ...week }) => ({
    ...week,
    speakingShare: measuredHeld > 0 ? Math.min(1, measuredSpoken / measuredHeld) : null,
  }));
}
