/**
 * How long a recording is kept (issue 34, docs/decisions/recordings.md "Per-course retention"): a
 * course's recordings until the course's retention days (its instructor's, else the school's
 * default; never more than the school's most) after the course's last day; a recording of nothing
 * that ends (an adventure's) ARCHIVE_RETENTION_DAYS after it became available, the expiry its
 * ArchiveAvailable carries. Pure: the sweep and the API read the facts and ask here.
 */
import type { PrivacySettings } from './consent';

const DAY = 86_400_000;

export interface RetentionFacts {
  /** The course's last day (YYYY-MM-DD), null for an adventure or no course. */
  courseEndDate: string | null;
  /** The course's own setting; null: the school's default. */
  courseRetentionDays: number | null;
  /** ArchiveAvailable's expiresAt (availability + ARCHIVE_RETENTION_DAYS). */
  availableExpiry: Date | null;
}

/** The course's days, within the school's most. */
export const courseRetentionDays = (own: number | null, settings: Pick<PrivacySettings, 'retentionDays' | 'maxRetentionDays'>) =>
  Math.min(own ?? settings.retentionDays, settings.maxRetentionDays);

/** The instant the recording's retention ends: the start (UTC) of the day N days after the course's last day's end. */
export function retentionEnds(facts: RetentionFacts, settings: Pick<PrivacySettings, 'retentionDays' | 'maxRetentionDays'>): Date | null {
  if (!facts.courseEndDate) return facts.availableExpiry;
  const days = courseRetentionDays(facts.courseRetentionDays, settings);
  return new Date(Date.parse(`${facts.courseEndDate}T00:00:00Z`) + (days + 1) * DAY);
}
